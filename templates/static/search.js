// search.js: the site's search box, offline. On first use it loads this language's index
// (search-index.json, written at build time by site/src/outputs.cpp). Text is split into runs of
// letters and digits, and each run into overlapping two-character grams, so Japanese words are
// found without spaces between words; a page matches when it holds every gram of the query.
// The splitting here must match runs_of() in outputs.cpp.

const CJK_PUNCTUATION = new Set(['、', '。', '「', '」', '（', '）', '・', '，', '．', '：', '\u3000']);

export function grams(text) {
  const runs = [[]];
  for (const ch of text.normalize('NFKC')) {
    const ascii = ch.length === 1 && ch.charCodeAt(0) < 0x80;
    const word = ascii ? /[A-Za-z0-9_]/.test(ch) : !CJK_PUNCTUATION.has(ch);
    if (!word) {
      if (runs[runs.length - 1].length) runs.push([]);
      continue;
    }
    runs[runs.length - 1].push(ascii ? ch.toLowerCase() : ch);
  }
  const out = new Set();
  for (const run of runs) {
    if (run.length === 1) out.add(run[0]);
    for (let i = 0; i + 1 < run.length; i++) out.add(run[i] + run[i + 1]);
  }
  return [...out];
}

export function search(index, query, limit = 10) {
  const wanted = grams(query);
  if (!wanted.length) return [];
  let hits = null;
  for (const g of wanted) {
    const postings = new Set(index.grams[g] ?? []);
    hits = hits === null ? postings : new Set([...hits].filter((d) => postings.has(d)));
    if (!hits.size) return [];
  }
  const q = query.normalize('NFKC').toLowerCase();
  const score = (doc) => (doc.t.toLowerCase().includes(q) ? 10 : 0) + (doc.d.toLowerCase().includes(q) ? 3 : 0);
  return [...hits].map((id) => index.docs[id]).sort((a, b) => score(b) - score(a)).slice(0, limit);
}

const form = document.querySelector('[data-search]');
if (form) {
  const input = form.querySelector('input[type="search"]');
  const list = form.querySelector('.search-results');
  let index = null;
  const load = async () => {
    index ??= await (await fetch(form.dataset.index)).json();
    return index;
  };
  const show = async () => {
    const query = input.value.trim();
    list.replaceChildren();
    if (!query) {
      list.hidden = true;
      return;
    }
    const results = search(await load(), query);
    for (const doc of results) {
      const item = document.createElement('li');
      const link = document.createElement('a');
      link.href = form.dataset.root + doc.u;
      link.textContent = doc.t;
      const description = document.createElement('span');
      description.textContent = doc.d;
      link.append(description);
      item.append(link);
      list.append(item);
    }
    if (!results.length) {
      const item = document.createElement('li');
      item.textContent = form.dataset.empty ?? '—';
      list.append(item);
    }
    list.hidden = false;
  };
  input.addEventListener('focus', load, { once: true });
  input.addEventListener('input', show);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    list.querySelector('a')?.click();
  });
}
