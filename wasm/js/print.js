// print.js: the plan to print and hand round (a 稟議 in Japan). Page one is a summary a reader can
// sign: the title, the purpose the user typed (or a line to write it on), the date, the answer, the
// figures that decide it and the currency with its exchange rate and date. Then the detail: every
// input with its label in the page's language, the results, the assumptions, the alternatives the
// comparison weighed, and the sources as citations (title, date, address; research notes stay in
// the catalogue). Only what the page shows, then the browser's print dialog (print CSS shows this
// section alone). No number is computed here: each is read from the page or the catalogue.

const el = (tag, props = {}, ...children) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};
const text = (node) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
const rendered = (node) => node.isConnected && !node.closest('[hidden]') && node.getClientRects().length > 0 &&
  !node.closest('details:not([open])');

function definitionList(pairs) {
  const dl = el('dl');
  for (const [term, value] of pairs) dl.append(el('dt', { textContent: term }), el('dd', { textContent: value }));
  return dl;
}

// What a field holds as a reader sees it: a select's chosen text, a radio's label, a text input's
// value or, left empty, the planner's value the placeholder shows (data-default), marked so.
function shownValue(field, labels) {
  if (field.tagName === 'SELECT') return field.selectedOptions[0]?.text ?? '';
  if (field.value) return field.value;
  // A number the planner used is marked as its default; a placeholder in words already says so.
  if (!field.placeholder) return '—';
  return /\d/.test(field.placeholder) ? `${field.placeholder} (${labels.planDefault})` : field.placeholder;
}

function changedFromDefault(field) {
  if (field.type === 'radio' || field.type === 'checkbox') return field.checked !== field.defaultChecked;
  if (field.tagName === 'SELECT') return [...field.options].some((o) => o.selected !== o.defaultSelected);
  return field.value !== field.defaultValue;
}

// Every input the plan rests on, labelled: those on screen, and those folded away that the user
// changed (an advanced setting still applies when its section is closed). A radio group is one row,
// named by its legend; the chart's choice of instances is not an input of the plan.
export function planInputs(root, labels) {
  const rows = [];
  for (const field of root.querySelectorAll('[data-form] input, [data-form] select, [data-form] textarea')) {
    if (field.disabled || field.type === 'hidden' || field.type === 'search' || field.closest('[data-chart-choices], [data-tools]')) continue;
    if (field.closest('[hidden]') || !(rendered(field) || changedFromDefault(field))) continue;
    const label = text(field.labels?.[0]?.querySelector('[data-label]') ?? field.labels?.[0]) || field.name;
    if (field.type === 'radio' || field.type === 'checkbox') {
      if (!field.checked) continue;
      const legend = text(field.closest('fieldset')?.querySelector('legend'));
      rows.push([legend || label, label]);
    } else if (field.tagName === 'TEXTAREA') {
      rows.push([label, field.value ? field.value.replace(/\s+/g, ' ').slice(0, 160) : '—']);
    } else {
      rows.push([label, shownValue(field, labels)]);
    }
  }
  return rows;
}

// The sources behind the figures the result used, from the catalogue the module carries.
function citedSources(catalogue, request, result) {
  const cited = new Set();
  const figures = (node) => {
    if (Array.isArray(node)) node.forEach(figures);
    else if (node && typeof node === 'object') {
      if (typeof node.source === 'string') cited.add(node.source);
      Object.values(node).forEach(figures);
    }
  };
  const { instances, accelerators, benchmarks, sources } = catalogue;
  const instance = instances.find((i) => i.id === (request?.instance ?? result.instance));
  if (instance) {
    figures([instance.power]);
    // The step model prices the collectives on the instance's interconnect and network.
    if (result.step) figures([instance.accelerator_interconnect, instance.network]);
    const chip = accelerators.find((a) => a.id === instance.accelerator);
    if (chip) figures([chip.peak_tflops, chip.default_mfu, chip.decode_bandwidth_fraction]);
  }
  for (const id of [result.scaling_source, result.throughput_source, result.mfu_source]) figures(benchmarks.find((b) => b.id === id));
  // The price and the exchange rate the plan used ("request" is no source).
  const money = result.fleet_hour ?? result;
  for (const id of [money.price_source, money.usd_jpy_source]) if (sources[id]) cited.add(id);
  return [...cited].filter((id) => sources[id]).map((id) => ({ id, ...sources[id] }));
}

// "1 USD = 157 JPY (as of 2026-03, [3])": the rate the page converted with, its date and source.
function currencyLine(labels, result, sources) {
  const money = result?.fleet_hour ?? result;
  if (!money || typeof money.usd_jpy !== 'number' || !labels.planCurrency) return null;
  const cite = sources.findIndex((s) => s.id === money.usd_jpy_source);
  return labels.planCurrency.replace('{rate}', money.usd_jpy.toLocaleString(document.documentElement.lang))
    .replace('{as_of}', money.usd_jpy_as_of ?? '')
    .replace('{source}', cite >= 0 ? `[${cite + 1}]` : labels.planYourRate);
}

function summary(root, labels, purpose, result, currency) {
  const title = text(document.querySelector('h1'));
  const answers = [...root.querySelectorAll('.results .error-summary, .results .answer, .results .warning')].filter(rendered).map(text);
  const figures = [...root.querySelectorAll('.results dt')].filter(rendered).slice(0, 8)
    .map((dt) => [text(dt), dt.nextElementSibling?.innerText.replace(/\s+/g, ' ').trim() ?? '']);
  const made = new Date().toISOString().slice(0, 10);
  const heading = definitionList([[labels.planPurpose, purpose], [labels.made, made]]);
  if (!purpose) heading.querySelector('dd').className = 'blank';  // a line to write it on
  return el('section', { className: 'plan-summary' },
    el('p', { className: 'plan-kind', textContent: labels.planTitle }),
    el('h1', { textContent: title }),
    heading,
    ...answers.map((t) => el('p', { className: 'plan-answer', textContent: t })),
    definitionList(figures),
    ...(currency ? [el('p', { className: 'plan-currency', textContent: currency })] : []));
}

export function printPlan(root, labels, { request, response }, call) {
  const view = document.querySelector('[data-print-view]');
  if (!view) return;
  const heading = (t) => el('h2', { textContent: t });
  const purpose = root.querySelector('[data-plan-purpose-input]')?.value.trim() ?? '';
  const result = response?.ok ? response[response.kind] : null;
  const catalogue = call({ api: 1, kind: 'catalog' });
  const sources = catalogue.ok && result ? citedSources(catalogue.catalog, request, result) : [];
  const parts = [summary(root, labels, purpose, result, currencyLine(labels, result, sources))];
  parts.push(heading(labels.headingInputs), definitionList(planInputs(root, labels)));
  const shownText = (node) => (node?.innerText ?? '').replace(/\s+/g, ' ').trim();  // what is rendered: no hidden range
  const results = [...root.querySelectorAll('.results dt')].filter(rendered).map((dt) => [text(dt), shownText(dt.nextElementSibling)]);
  parts.push(heading(labels.headingResults), definitionList(results));
  const notes = [...root.querySelectorAll('.results .notes li, .results .hint')].filter(rendered).map(text);
  if (notes.length) parts.push(heading(labels.headingNotes), el('ul', {}, ...notes.map((t) => el('li', { textContent: t }))));
  // Alternatives: the comparison table as shown, its first rows (the cheapest that can run the job).
  const table = [...root.querySelectorAll('.calc-charts table, .wide-results table')].find(rendered);
  if (table) {
    const copy = table.cloneNode(true);
    [...copy.tBodies[0]?.rows ?? []].slice(8).forEach((row) => row.remove());
    parts.push(heading(labels.headingAlternatives), copy);
  }
  if (sources.length) {
    parts.push(heading(labels.headingSources), el('ol', {}, ...sources.map((s) => el('li', {},
      `${s.title} (${s.as_of}). `, el('span', { className: 'plan-url', textContent: s.url })))));
  }
  parts.push(el('p', { className: 'plan-link', textContent: `${labels.planLink} ${location.href}` }));
  view.replaceChildren(...parts);
  view.hidden = false;
  document.body.classList.add('printing-plan');
  const done = () => {
    document.body.classList.remove('printing-plan');
    view.hidden = true;
    removeEventListener('afterprint', done);
  };
  addEventListener('afterprint', done);
  print();
}
