// results.js: what a calculator shows, for calculator.js: the response's figures as display()
// formats them, the planner's messages beside their fields, and what each kind of calculator asks
// and draws besides its result (EXTRAS: comparisons, charts, tables). No formula: every number is
// the planner's, as display() writes it.
import { buildFields } from './form.js';

export function lookup(object, path) {
  return path.split('.').reduce((node, key) => (node == null ? undefined : node[key]), object);
}

// Every write below is skipped when the page already shows it: an edit usually changes a few
// numbers, and each needless write costs the browser style and layout work.
export function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}

export function show(root, response, display) {
  for (const slot of root.querySelectorAll('[data-error-for]')) setText(slot, '');
  for (const input of root.querySelectorAll('[aria-invalid]')) input.removeAttribute('aria-invalid');

  for (const output of root.querySelectorAll('[data-output]')) {
    const value = response.ok ? lookup(display, output.dataset.output) : undefined;
    setText(output, typeof value === 'string' ? value : '—');
  }
  for (const block of root.querySelectorAll('[data-show-if]')) {
    const value = response.ok ? lookup(response, block.dataset.showIf) : undefined;
    const hidden = 'showValue' in block.dataset ? String(value) !== block.dataset.showValue : value == null;
    if (block.hidden !== hidden) block.hidden = hidden;
  }
  for (const list of root.querySelectorAll('[data-list]')) {
    const items = response.ok ? lookup(response, list.dataset.list) ?? [] : [];
    if (unchanged(list, items)) continue;
    list.replaceChildren(...items.map((text) => Object.assign(document.createElement('li'), { textContent: text })));
  }
  // One result state: the page shows the answer to the inputs on screen or, when they have none,
  // no answer. A failed plan hides and empties every headline in this same update (the result
  // card; the answers the extras write, which they show again with a new answer) and lists the
  // errors at the top of the results, each linked to its field.
  for (const part of root.querySelectorAll('[data-headline]')) {
    if (!response.ok) {
      if (!part.hidden) part.hidden = true;
      if (part.matches('ul, ol')) part.replaceChildren();
      for (const text of [part, ...part.querySelectorAll('[data-headline-text]')])
        if (text.matches('[data-headline-text]')) setText(text, '');
    } else if (part.dataset.headline !== 'extras' && part.hidden) {
      part.hidden = false;
    }
  }
  summarise(root, response.ok ? [] : response.errors);
  if (!response.ok) showErrors(root, response.errors);
  showDefaults(root, response);
}

// An override's placeholder shows the value the planner used without it ([data-default], a response
// path), in the field's units (data-per) to three significant figures; a failed plan used none, so
// the field's generic placeholder (data-placeholder: "default", "auto") comes back.
function showDefaults(root, response) {
  for (const input of root.querySelectorAll('[data-default]')) {
    const value = response.ok ? lookup(response, input.dataset.default) : undefined;
    const used = typeof value === 'number' ? value * Number(input.dataset.per || 1) : NaN;
    const text = Number.isFinite(used) ? String(Number(used.toPrecision(3))) : input.dataset.placeholder;
    if (input.placeholder !== text) input.placeholder = text;
  }
}

// The field an error names: its own input, else the nearest enclosing field's ("model.config" for
// "model.config.hidden_size"), outside any [data-request] part (whose errors are its own).
function inputFor(root, field) {
  const inputs = [...root.querySelectorAll('[data-form] [data-field]')].filter((el) => !el.closest('[data-request]'));
  for (let at = field; at; at = at.slice(0, Math.max(0, at.lastIndexOf('.')))) {
    const input = inputs.find((el) => el.dataset.field === at && el.type !== 'hidden' && !el.disabled);
    if (input) return input;
  }
  return null;
}

// An error's message as a form field shows it, from the module (display/messages.hpp field_message):
// a percent field's (data-per) or a billions field's (data-scale) bounds in the units typed, and
// "not a number" where the API's keyword is a radio button of the form. Errors with no field of the
// form, as the planner said them. The calculator gives the module's call (useFieldMessages).
let fieldMessage = null;
export function useFieldMessages(call) { fieldMessage = call; }
function messageOf({ code, args, message }, input) {
  if (!fieldMessage || !code || !input) return message;
  const { per = 1, scale = 1 } = input.dataset;
  return fieldMessage({ code, args: args ?? [], per: Number(per), scale: Number(scale), lang: document.documentElement.lang });
}

// The errors of a failed plan, listed where the answer would be: "label: message", each a link
// that moves focus to its field.
function summarise(root, errors) {
  const box = root.querySelector('[data-error-summary]');
  if (!box) return;
  const list = box.querySelector('ul');
  if (unchanged(list, errors)) return;
  list.replaceChildren(...errors.map((error) => {
    const item = document.createElement('li');
    const input = inputFor(root, error.field);
    const message = messageOf(error, input);
    const label = input?.labels?.[0]?.textContent.trim() ?? input?.closest('fieldset')?.querySelector('legend')?.textContent.trim();
    const text = label ? `${label}: ${message}` : message;
    if (!input?.id) {
      item.textContent = text;
      return item;
    }
    const link = Object.assign(document.createElement('a'), { href: `#${input.id}`, textContent: text });
    link.addEventListener('click', (event) => {
      event.preventDefault();
      input.closest('details')?.setAttribute('open', '');
      input.focus();
      input.scrollIntoView({ block: 'center' });
    });
    item.append(link);
    return item;
  }));
  box.hidden = !errors.length;
}

// The planner's messages beside their fields, in `scope` (the calculator, or a part of its form
// with a request of its own, [data-request], whose fields the planner names under `prefix`: "job."
// in a comparison). A field's own slot, else the nearest enclosing field's ("model.config" for
// "model.config.hidden_size"), else the scope's catch-all, data-error-for="*".
export function showErrors(scope, errors, prefix = '') {
  const own = (el) => el.closest('[data-request], [data-calculator]') === scope;
  const slots = new Map([...scope.querySelectorAll('[data-error-for]')].filter(own).map((el) => [el.dataset.errorFor, el]));
  for (const error of errors) {
    const path = error.field.startsWith(prefix) ? error.field.slice(prefix.length) : error.field;
    let slot;
    for (let at = path; !slot && at; at = at.slice(0, Math.max(0, at.lastIndexOf('.')))) slot = slots.get(at);
    slot ??= slots.get('*');
    const input = [...scope.querySelectorAll(`[data-field="${CSS.escape(path)}"]`)].find(own);
    const message = messageOf(error, input);
    if (slot) slot.textContent = slot.textContent ? `${slot.textContent} ${message}` : message;
    if (input) input.setAttribute('aria-invalid', 'true');
  }
}

export function clearExtras(root) {
  for (const slot of root.querySelectorAll('[data-chart]')) slot.replaceChildren(), drawn.delete(slot);
  clearTables(root);
}

// What a failed comparison leaves: no table rows and no link to an energy comparison of it (its
// charts are emptied where they are drawn).
function clearTables(root) {
  for (const body of root.querySelectorAll('[data-table] tbody')) body.replaceChildren(), drawn.delete(body);
  for (const link of root.querySelectorAll('[data-energy-link]')) link.hidden = true;
}

// The energy page's equal-work comparison of this job: a link carrying the job the comparison
// compared (its `work`, which the planner derives from this request: same_job.hpp), planned there
// on each configuration's type, with this type as the first.
function linkEnergy(root, { work }, instance) {
  const slot = root.querySelector('[data-energy-link]');
  if (!slot) return;
  const params = new URLSearchParams({ work_mode: 'job', work: JSON.stringify(work), label1: instance, instance1: instance });
  slot.querySelector('a').href = `${slot.dataset.href}?${params}`;
  slot.hidden = false;
}

// A chart slot's labels come from its data-* attributes, in the page's language.
// A chart or table is redrawn only when what it shows changed (an edit of the instance count leaves
// the sweeps as they were): drawing and parsing SVG is most of an update's time.
const drawn = new WeakMap();
function unchanged(element, content) {
  const key = JSON.stringify(content);
  if (drawn.get(element) === key) return true;
  drawn.set(element, key);
  return false;
}

// Each chart slot's width as the browser last laid it out, kept by a ResizeObserver: reading
// clientWidth in the middle of an update, after its text has changed, would make the browser lay
// the page out once per chart. A slot whose width changes (a window resized, a phone turned) has
// its chart drawn again at the new width through `whenResized`.
const widths = new WeakMap();
let redraw = () => {};
export function whenResized(callback) { redraw = callback; }
const resizes = typeof ResizeObserver === 'function' ? new ResizeObserver((entries) => {
  let changed = false;
  for (const { target } of entries) {
    const width = Math.round(target.clientWidth);  // laid out already: the observer runs after layout
    changed ||= widths.has(target) && widths.get(target) !== width;
    widths.set(target, width);
  }
  if (changed) redraw();
}) : null;

function widthOf(slot) {
  if (!widths.has(slot)) {
    widths.set(slot, Math.round(slot.clientWidth));
    resizes?.observe(slot);
  }
  return widths.get(slot);
}

function chartInto(slot, spec, draw) {
  // Drawn as wide as its slot, in CSS pixels: the chart's text is never scaled (display/chart.hpp).
  const width = widthOf(slot);
  const full = { title: slot.dataset.title ?? '', x_label: slot.dataset.xLabel ?? slot.dataset.unit ?? '',
                 y_label: slot.dataset.yLabel ?? '', ...(slot.dataset.labels ? { labels: slot.dataset.labels.split('|') } : {}),
                 ...(width > 0 ? { width } : {}), ...spec };
  if (unchanged(slot, full)) return;
  // The SVG comes from the module's chart(), which escapes every text it draws (display/chart.cpp).
  slot.innerHTML = draw(full);
}

// Every chart slot of the calculator, from the display's specs (display/chart_specs.hpp: which
// figures each slot plots) of the plan's response and of the comparison: the same job as `like` on
// every type, or the comparison page's `job` on its `sheet`'s types; the module plans it in the same call and
// returns it with its answer and display (rows, table, answer); a slot with nothing to draw is emptied.
function planAndDraw(root, form, sources, { charts, draw }) {
  const { charts: specs, request: compareRequest, compare, shown } = charts({ ...sources, picked: chartChoices(form) });
  for (const slot of root.querySelectorAll('[data-chart]')) {
    const spec = specs[slot.dataset.chart];
    if (spec) chartInto(slot, spec, draw);
    else if (!unchanged(slot, null)) slot.replaceChildren();
  }
  return { compare, shown, compareRequest };
}

// A table as the display writes it (display/tables.hpp: rows of cells, each its text and whether it
// is a figure; a word cell named in the page's language by the table's data-words). Rows already on
// the page keep their elements and only the text that changed is written: new elements would each
// cost the browser a style computation, and an edit usually changes a few cells.
function fillTable(table, rows) {
  const body = table?.querySelector('tbody');
  if (!body || unchanged(body, rows)) return;
  const words = table.dataset.words ? JSON.parse(table.dataset.words) : {};
  while (body.rows.length > rows.length) body.lastElementChild.remove();
  rows.forEach(({ cells }, i) => {
    let tr = body.rows[i];
    if (!tr) tr = body.appendChild(document.createElement('tr'));
    while (tr.cells.length > cells.length) tr.lastElementChild.remove();
    cells.forEach(({ text, num, word }, j) => {
      const td = tr.cells[j] ?? tr.appendChild(document.createElement('td'));
      setText(td, (word ? words[text] ?? text : text) ?? '—');
      const className = num ? 'num' : '';
      if (td.className !== className) td.className = className;
    });
  });
}

function chartChoices(form) {
  const chosen = [...form.querySelectorAll('[data-chart-choices] input:checked')].map((box) => box.value);
  const current = form.querySelector('#instance')?.value;
  return current && !chosen.includes(current) ? [current, ...chosen] : chosen;
}

// What each kind of calculator asks and draws besides its main result. Each returns what the
// export adds to the request and response. `display` is the response as display() formats it.
export const EXTRAS = {
  train(root, form, request, response, { display, ...tools }) {
    // The runner-up layouts the search weighed, as the build writes them (calc-train.html).
    fillTable(root.querySelector('[data-table="alternatives"]'), display.train.table ?? []);

    // The same job on every instance type, as the planner derives it from this request (compare's
    // `like`, planner/include/planner/same_job.hpp): a deadline or budget kept, else this count;
    // each type searches its own layout, at every count the charts draw (display/chart_specs.hpp).
    // The memory bar of this plan; with the comparison, days, cost and both against each other.
    const { compare, shown: compared, compareRequest } = planAndDraw(root, form, { response, like: request }, tools);
    if (!compare.ok) {
      clearTables(root);
      const answerSlot = root.querySelector('[data-answer]');
      if (answerSlot) answerSlot.hidden = true;
      return { compare: { request: compareRequest, response: compare } };
    }
    linkEnergy(root, compare.compare, request.instance);
    // The deadline or budget question answered in one sentence above the table (display/answers.hpp).
    const answer = root.querySelector('[data-answer]');
    if (answer) {
      answer.hidden = compared.answer == null;
      answer.textContent = compared.answer ?? '';
    }
    fillTable(root.querySelector('[data-table="compare-rows"]'), compared.table);
    return { compare: { request: compareRequest, response: compare } };
  },

  infer(root, form, request, response, tools) {
    // The fleet at a quarter to four times the rate on the same job on every type (compare's
    // `like`); a measured throughput belongs to its own type, which compare refuses, and the chart
    // then draws the plan's own sweep alone (display/chart_specs.hpp).
    const { compare, compareRequest } = planAndDraw(root, form, { response, like: request }, tools);
    return { compare: { request: compareRequest, response: compare } };
  },

  serve(root, form, request, response, { display, ...tools }) {
    // The answer first, as the build writes it, then the cheapest type for the same targets: both
    // sentences are the display's (display/answers.hpp).
    const answer = root.querySelector('[data-serve-answer]');
    answer.hidden = false;
    setText(answer.querySelector('[data-serve-this]'), display.serve.answer);
    // The same job on every instance type, as the planner derives it (compare's `like`).
    // Throughput against TPOT for the types chosen under the form; the cost of the cheapest twelve.
    const { compare, shown: compared, compareRequest } = planAndDraw(root, form, { like: request }, tools);
    if (!compare.ok) {
      clearTables(root);
      return { compare: { request: compareRequest, response: compare } };
    }
    linkEnergy(root, compare.compare, request.instance);
    setText(answer.querySelector('[data-serve-best]'), compared.answer);
    fillTable(root.querySelector('[data-table="serve-rows"]'), compared.table);
    return { compare: { request: compareRequest, response: compare } };
  },

  energy(root, form, request, response, { display, ...tools }) {
    // A figure that rests on an estimated power carries its span (display/tables.hpp).
    fillTable(root.querySelector('[data-table="energy-rows"]'), display.energy.table);
    // The answer first: each configuration's savings against the baseline, as the build writes it
    // (display/answers.hpp).
    const list = root.querySelector('[data-energy-answer]');
    if (list) {
      const items = display.energy.answers.map((text) => Object.assign(document.createElement('li'), { textContent: text }));
      list.replaceChildren(...items);
      list.hidden = false;
    }
    planAndDraw(root, form, { response }, tools);
    return {};
  },

  instances(root, form, request, response, { display, ...tools }) {
    const table = root.querySelector('[data-sheet]');
    const rows = lookup(display, table.dataset.sheet);
    for (const tr of table.querySelectorAll('tr[data-row]')) {
      const head = tr.firstElementChild;
      const cells = rows.map((row) => {
        const cell = document.createElement(tr.parentElement.tagName === 'THEAD' ? 'th' : 'td');
        const value = lookup(row, tr.dataset.row);
        cell.textContent = value ?? '—';
        if (cell.tagName === 'TH') cell.scope = 'col';
        else if (/^[\d,.\-]/.test(cell.textContent)) cell.className = 'num';
        // A figure the catalogue marks as an estimate gets the same mark as the worked example.
        if (value != null && lookup(row.estimated ?? {}, tr.dataset.row) === true) {
          const mark = document.createElement('span');
          mark.className = 'estimate';
          mark.title = table.dataset.estimateLabel;
          mark.textContent = '*';
          cell.append(mark);
        }
        return cell;
      });
      tr.replaceChildren(head, ...cells);
    }
    // The training job of the form's own part (data-request="job") on the types ticked (all of
    // them when none is): the display makes the comparison (chart_specs.hpp sheet_comparison), as
    // the build does for the page's example (calc-instances.html).
    const part = form.querySelector('[data-request="job"]');
    if (!part) return {};
    const { compare, shown, compareRequest } = planAndDraw(root, form, { sheet: request, job: buildFields(part) }, tools);
    const jobRows = compare.ok ? shown.table : [];
    if (!compare.ok) showErrors(part, compare.errors, 'job.');
    fillTable(root.querySelector('[data-table="job-rows"]'), jobRows);
    return { compare: { request: compareRequest, response: compare } };
  },
};
