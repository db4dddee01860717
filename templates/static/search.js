// search.js: the site's search box, offline. On first use it loads this language's index
// (search-index.json, written at build time by site/build/outputs.cpp). Text is split into runs of
// letters and digits, and each run into overlapping two-character grams, so Japanese words are
// found without spaces between words; a page matches when it holds every gram of the query. A
// one-character query (料) matches every gram that holds the character. The splitting here must
// match runs_of() in outputs.cpp.
//
// Only the latest query's results are shown: each run is numbered and a run that an input has
// overtaken while the index loaded draws nothing. While an IME composes (り→りょ→…→料金) nothing
// is searched; the composed text is, once.

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
    if ([...g].length === 1)  // a one-character run: every page with a gram that holds it
      for (const [key, docs] of Object.entries(index.grams)) if (key.includes(g)) for (const d of docs) postings.add(d);
    hits = hits === null ? postings : new Set([...hits].filter((d) => postings.has(d)));
    if (!hits.size) return [];
  }
  const q = query.normalize('NFKC').toLowerCase();
  // The title counts most, then the page's keywords (front matter), then its description.
  const score = (doc) => (doc.t.toLowerCase().includes(q) ? 10 : 0) + ((doc.k ?? '').toLowerCase().includes(q) ? 8 : 0) +
    (doc.d.toLowerCase().includes(q) ? 3 : 0);
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
  let latest = 0;
  const show = async () => {
    const run = ++latest;
    const query = input.value.trim();
    if (!query) {
      list.replaceChildren();
      list.hidden = true;
      return;
    }
    const loaded = await load();
    if (run !== latest) return;  // a later keystroke owns the list now
    const results = search(loaded, query);
    const items = [];
    for (const doc of results) {
      const item = document.createElement('li');
      const link = document.createElement('a');
      link.href = form.dataset.root + doc.u;
      link.textContent = doc.t;
      const description = document.createElement('span');
      description.textContent = doc.d;
      link.append(description);
      item.append(link);
      items.push(item);
    }
    if (!results.length) {
      const item = document.createElement('li');
      item.textContent = form.dataset.empty ?? '—';
      items.push(item);
    }
    list.replaceChildren(...items);
    list.hidden = false;
    keepInView();
  };
  // The list hangs under the input; wherever the header puts the form, it stays inside the viewport.
  const keepInView = () => {
    list.style.left = '';
    const box = list.getBoundingClientRect();
    const margin = 8;
    const shift = box.right > innerWidth - margin ? innerWidth - margin - box.right : box.left < margin ? margin - box.left : 0;
    if (shift) list.style.left = `${list.offsetLeft + shift}px`;
  };
  input.addEventListener('focus', load, { once: true });
  input.addEventListener('input', (event) => {
    if (!event.isComposing) show();
  });
  input.addEventListener('compositionend', show);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    list.querySelector('a')?.click();
  });
}
