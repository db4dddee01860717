// calculator.js: drives a calculator page with the WebAssembly planner.
//
// It reads the inputs, builds planner requests, calls plan(), and shows what comes back. No formula
// lives here: every number on the page comes from planner::plan, is formatted by the module's
// display() (the same code that formats the build-time example) and every chart is drawn by the
// module's chart() (the same code as the site's build-time charts). See wasm/bindings.cpp.
//
// The page declares everything in HTML (templates/calculator.html and partials/calc-*.html):
//   [data-calculator="train|infer|serve|energy|instances"]   the calculator; data-msg-* hold messages
//   [data-field="a.b"]       an input that becomes request.a.b ("configurations.0.hours" makes an
//                            array); data-scale multiplies a number typed in display units
//                            (billions: 1e9), data-per divides (percent: 100); checked checkboxes
//                            with a data-field make a list
//   [data-group][data-group-key]   a group of inputs left out while its key input is empty
//   [data-switch] radios     show the [data-when="name=value"] blocks they select; hidden blocks'
//                            inputs are disabled and left out of the request
//   [data-preset] select     its options' data-set (JSON) fills the named inputs when chosen
//   [data-measured-with="a b"][data-fallback="radio=value"]   a measured figure that belongs to the
//                            set-up inputs a, b describe: when one of them leaves the page's example
//                            while the figure is still the example's, the radio switches to the
//                            assumption (value), shown with its source and range
//   [data-output="a.b"]      shows response.a.b as display() formats it
//   [data-show-if="a.b"]     shown only while response.a.b exists (or equals data-show-value)
//   [data-list="a.b"]        a list of the strings at response.a.b
//   [data-error-for="a.b"]   shows the planner's message for field a.b ("*" catches the rest)
//   [data-chart="name"]      a chart this file knows how to ask for (charts below)
//   [data-copy-link], [data-export="csv|json"]   the tools
//   [data-import]            a config.json to read into the [data-field="model.*"] inputs (serve)
//
// State lives in the URL: every named input is a query parameter (?parameters=175&instance=…),
// restored on load and rewritten as you type. Values from the URL are only ever set as input
// values (never as HTML), and the planner checks them like typed ones.

const calculator = document.querySelector('[data-calculator]');
if (calculator) start(calculator);

async function start(root) {
  const status = document.querySelector('[data-status]');
  const say = (message) => {
    status.textContent = message;
    status.hidden = false;
  };
  if (typeof WebAssembly !== 'object' || typeof globalThis.createPlanner !== 'function') {
    say(root.dataset.msgNowasm);
    return;
  }
  let planner;
  try {
    planner = await globalThis.createPlanner();
  } catch (error) {
    say(root.dataset.msgFailed);
    return;
  }
  const kind = root.dataset.calculator;
  const form = root.querySelector('[data-form]');
  const call = (request) => JSON.parse(planner.plan(JSON.stringify(request)));
  // display() takes the response as JSON text; the main result passes the text plan() returned
  // rather than writing the parsed object out again.
  const display = document.documentElement.lang === 'ja' ? planner.display_ja : planner.display;
  const shown = (response) => JSON.parse(display(typeof response === 'string' ? response : JSON.stringify(response)));
  const draw = (spec) => planner.chart(JSON.stringify(spec));

  const hadChartChoices = restoreFromUrl(form);
  if (!hadChartChoices) chooseDefaultChartInstances(form);
  watchPresets(form);
  watchMeasured(form);
  setUpImport(root, form, call, () => update());

  let last = null;
  // The result, then what the kind of calculator draws besides it (charts, tables). On load the
  // second part waits for the next task, so the page answers input sooner; after that an edit
  // updates both at once.
  const update = (then = null) => {
    applySwitches(form);
    const request = buildRequest(form);
    const text = planner.plan(JSON.stringify(request));
    const response = JSON.parse(text);
    const display = shown(text);
    show(root, response, display);
    last = { request, response };
    const extras = () => {
      const extra = response.ok ? (EXTRAS[kind]?.(root, form, request, response, { call, shown, draw, display }) ?? {}) : {};
      if (!response.ok) clearExtras(root);
      if (last.request === request) Object.assign(last, extra);
    };
    if (then) setTimeout(() => { extras(); then(); }, 0);
    else extras();
    saveSoon();
  };
  // history.replaceState costs milliseconds in Chromium, so the URL follows the inputs once typing
  // pauses; anything that reads the URL (copy link, leaving the page) writes it first.
  let pending = 0;
  const saveNow = () => {
    clearTimeout(pending);
    pending = 0;
    saveToUrl(form);
  };
  const saveSoon = () => {
    clearTimeout(pending);
    pending = setTimeout(saveNow, 150);
  };
  root.addEventListener('pointerdown', saveNow);
  root.addEventListener('keydown', (event) => { if (event.key === 'Enter' || event.key === ' ') saveNow(); });
  addEventListener('pagehide', saveNow);
  setUpTools(root, () => last, call);
  form.addEventListener('input', () => update());
  form.addEventListener('change', () => update());
  form.addEventListener('submit', (event) => event.preventDefault());
  // The module's first call reads the embedded catalogue, tens of milliseconds in code the engine
  // has not optimised yet. It gets a task of its own, so that loading the page never blocks input
  // for as long as the catalogue, the first result and the charts would together.
  planner.plan('{}');
  await new Promise((resolve) => setTimeout(resolve, 0));
  update(() => { root.dataset.ready = 'true'; });
}

// ---- the form ------------------------------------------------------------------------------

function namedInputs(form) {
  return [...form.querySelectorAll('input[name], select[name]')].filter((input) => input.type !== 'hidden');
}

// A link holds the whole state: saveToUrl leaves out empty inputs, so a text input the link does
// not name is empty (a field the user cleared stays cleared after a reload). Returns whether the
// URL chose the charts' instance types.
function restoreFromUrl(form) {
  const params = new URLSearchParams(location.search);
  if (![...params.keys()].length) return false;
  for (const input of namedInputs(form)) {
    if (!params.has(input.name)) {
      if (input.type === 'text') input.value = '';
      if (input.type === 'checkbox' && input.name !== 'chart') input.checked = false;
      continue;
    }
    const values = params.getAll(input.name);
    const value = values[0];
    if (input.type === 'radio') {
      input.checked = input.value === value;
    } else if (input.type === 'checkbox') {
      input.checked = values.includes(input.value);
    } else if (input.tagName === 'SELECT') {
      if ([...input.options].some((o) => o.value === value)) input.value = value;
    } else {
      input.value = value.slice(0, 64);  // a link can hold anything; an input needs no more than this
    }
  }
  return params.has('chart');
}

function saveToUrl(form) {
  const params = new URLSearchParams();
  for (const input of namedInputs(form)) {
    if ((input.type === 'radio' || input.type === 'checkbox') && !input.checked) continue;
    if (input.value !== '') params.append(input.name, input.value.normalize('NFKC'));
  }
  history.replaceState(null, '', `${location.pathname}?${params}`);
}

function chooseDefaultChartInstances(form) {
  const boxes = [...form.querySelectorAll('[data-chart-choices] input[type="checkbox"]')];
  if (!boxes.length) return;
  const chosen = new Set([form.querySelector('#instance')?.value, ...(DEFAULT_CHART_INSTANCES[form.closest('[data-calculator]').dataset.calculator] ?? [])]);
  for (const box of boxes) box.checked = chosen.has(box.value);
}

const DEFAULT_CHART_INSTANCES = {
  train: ['p5.48xlarge', 'trn1.32xlarge'],
  infer: ['g5.xlarge', 'inf2.xlarge'],
  serve: ['p5.48xlarge', 'inf2.48xlarge', 'g6e.12xlarge'],
};

function watchPresets(form) {
  const source = form.querySelector('[data-preset-source]');
  const describe = (select) => {
    if (!source) return;
    const option = select.selectedOptions[0];
    source.textContent = option?.dataset.source ? `${option.dataset.source}` : '';
  };
  for (const select of form.querySelectorAll('[data-preset]')) {
    describe(select);
    select.addEventListener('change', () => {
      describe(select);
      const set = select.selectedOptions[0]?.dataset.set;
      if (!set) return;
      for (const [name, value] of Object.entries(JSON.parse(set))) {
        for (const input of form.querySelectorAll(`[name="${CSS.escape(name)}"]`)) {
          if (input.type === 'radio') input.checked = input.value === value;
          else input.value = value;
        }
        if (name === 'tokens') form.querySelector('input[name="tokens_mode"][value="given"]')?.click();
      }
    });
  }
}

// Whether an input still holds what the page was built with.
function atDefault(input) {
  if (input.type === 'radio' || input.type === 'checkbox') return input.checked === input.defaultChecked;
  if (input.tagName === 'SELECT') {
    const chosen = [...input.options].find((o) => o.defaultSelected) ?? input.options[0];
    return input.value === chosen?.value;
  }
  return input.value === input.defaultValue;
}

// A measurement (the example's 140 TFLOP/s on 1,024 A100) is never carried to another model or
// instance: once the set-up differs from the example's, the calculator falls back to the
// assumption, which the result shows with its source and range. A figure the user typed stays.
// Capture phase: this runs before the form's own listeners build the request.
function watchMeasured(form) {
  for (const measured of form.querySelectorAll('[data-measured-with]')) {
    const names = measured.dataset.measuredWith.split(' ');
    const [radio, value] = measured.dataset.fallback.split('=');
    // A figure typed in, or given by a link, is the user's own, even when it equals the example's.
    let own = new URLSearchParams(location.search).has(measured.name);
    const fallBack = (event) => {
      if (event.target === measured) own = true;
      if (own || !names.includes(event.target.name) || !atDefault(measured)) return;
      if (names.every((name) => [...form.querySelectorAll(`[name="${CSS.escape(name)}"]`)].every(atDefault))) return;
      const target = form.querySelector(`input[name="${CSS.escape(radio)}"][value="${CSS.escape(value)}"]`);
      if (target && !target.checked) target.checked = true;
    };
    form.addEventListener('input', fallBack, true);
    form.addEventListener('change', fallBack, true);
  }
}

// A Hugging Face config.json, chosen as a file or pasted, read in the page: the planner's `model`
// kind reads it as the serve kind would and counts its parameters; its answer fills the
// architecture inputs (in their units: data-scale), and the form switches to them. Nothing leaves
// the page.
function setUpImport(root, form, call, update) {
  const box = root.querySelector('[data-import]');
  if (!box) return;
  const error = box.querySelector('[data-import-error]');
  const done = box.querySelector('[data-import-done]');
  const text = box.querySelector('[data-import-text]');
  const read = (source) => {
    error.textContent = '';
    done.hidden = true;
    let config;
    try {
      config = JSON.parse(source);
    } catch (e) {
      error.textContent = `${box.dataset.msgNotJson} ${e.message}`;
      return;
    }
    const lang = document.documentElement.lang === 'ja' ? { lang: 'ja' } : {};
    const r = call({ api: 1, kind: 'model', config, ...lang });
    if (!r.ok) {
      error.textContent = r.errors.map((e) => `${e.field.replace(/^config\.?/, '') || 'config.json'}: ${e.message}`).join(' ');
      return;
    }
    for (const input of form.querySelectorAll('[data-field^="model."]')) {
      const value = r.model[input.dataset.field.slice(6)];
      input.value = value == null ? '' : String(value / Number(input.dataset.scale ?? 1));
    }
    const radio = form.querySelector('input[name="model_from"][value="architecture"]');
    if (radio) radio.checked = true;
    done.hidden = false;
    update();
  };
  box.querySelector('[data-import-run]')?.addEventListener('click', () => read(text.value));
  box.querySelector('[data-import-file]')?.addEventListener('change', async (event) => {
    const file = event.target.files?.[0];
    if (file) read(text.value = await file.text());
  });
}

function applySwitches(form) {
  const chosen = new Map();
  for (const radio of form.querySelectorAll('[data-switch]')) {
    if (radio.checked) chosen.set(radio.name, radio.value);
  }
  for (const block of form.querySelectorAll('[data-when]')) {
    const [name, value] = block.dataset.when.split('=');
    const on = chosen.get(name) === value;
    block.hidden = !on;
    for (const input of block.querySelectorAll('[data-field]')) input.disabled = !on;
  }
}

// A typed number: full-width digits become ASCII (NFKC), and thousands separators are ignored.
// Anything that is still not a finite number is sent as typed, so the planner names the problem.
function readValue(input) {
  if (input.tagName === 'SELECT' || input.type === 'hidden' || input.type === 'checkbox') return input.value || undefined;
  const typed = input.value.normalize('NFKC').trim();
  if (typed === '') return undefined;
  if (!input.inputMode || input.inputMode === 'text') return typed;
  const number = Number(typed.replace(/[,_\s]/g, ''));
  if (!Number.isFinite(number)) return typed;
  if (input.dataset.scale) return number * Number(input.dataset.scale);
  if (input.dataset.per) return number / Number(input.dataset.per);
  return number;
}

function buildRequest(form) {
  const root = form.closest('[data-calculator]');
  const request = { api: Number(root.dataset.api) };
  if (document.documentElement.lang === 'ja') request.lang = 'ja';
  const skipped = new Set();
  for (const group of form.querySelectorAll('[data-group]')) {
    const key = group.querySelector(`[data-field$=".${CSS.escape(group.dataset.groupKey)}"]`);
    if (key && !key.value) for (const input of group.querySelectorAll('[data-field]')) skipped.add(input);
  }
  for (const input of form.querySelectorAll('[data-field]')) {
    if (input.disabled || skipped.has(input)) continue;
    if (input.type === 'checkbox' && !input.checked) continue;
    const value = readValue(input);
    if (value === undefined) continue;
    const path = input.dataset.field.split('.');
    let node = request;
    path.slice(0, -1).forEach((key, i) => {
      node = node[key] ??= /^\d+$/.test(path[i + 1]) ? [] : {};
    });
    const leaf = path[path.length - 1];
    if (input.type === 'checkbox') (node[leaf] ??= []).push(value);
    else node[leaf] = value;
  }
  // Groups left out leave holes: close them up.
  for (const [key, value] of Object.entries(request)) if (Array.isArray(value)) request[key] = value.filter((v) => v != null);
  return request;
}

// ---- results -------------------------------------------------------------------------------

function lookup(object, path) {
  return path.split('.').reduce((node, key) => (node == null ? undefined : node[key]), object);
}

// Every write below is skipped when the page already shows it: an edit usually changes a few
// numbers, and each needless write costs the browser style and layout work.
function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}

function show(root, response, display) {
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
  if (response.ok) return;

  const fallback = root.querySelector('[data-error-for="*"]');
  for (const { field, message } of response.errors) {
    const slot = root.querySelector(`[data-error-for="${CSS.escape(field)}"]`) ?? fallback;
    slot.textContent = slot.textContent ? `${slot.textContent} ${message}` : message;
    const input = root.querySelector(`[data-field="${CSS.escape(field)}"]`);
    if (input) input.setAttribute('aria-invalid', 'true');
  }
}

function clearExtras(root) {
  for (const slot of root.querySelectorAll('[data-chart]')) slot.replaceChildren(), drawn.delete(slot);
  for (const body of root.querySelectorAll('[data-table] tbody')) body.replaceChildren(), drawn.delete(body);
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

function chartInto(slot, spec, draw) {
  if (!slot) return;
  // Drawn as wide as its slot, in CSS pixels: the chart's text is never scaled (site/display/chart.hpp).
  const width = Math.round(slot.clientWidth);
  const full = { title: slot.dataset.title ?? '', x_label: slot.dataset.xLabel ?? slot.dataset.unit ?? '',
                 y_label: slot.dataset.yLabel ?? '', ...(width > 0 ? { width } : {}), ...spec };
  if (unchanged(slot, full)) return;
  // The SVG comes from the module's chart(), which escapes every text it draws (site/display/chart.cpp).
  slot.innerHTML = draw(full);
}

function fillTable(table, rows) {
  const body = table?.querySelector('tbody');
  if (!body || unchanged(body, rows)) return;
  body.replaceChildren(...rows.map((cells) => {
    const tr = document.createElement('tr');
    for (const { text, num } of cells) {
      const td = document.createElement('td');
      td.textContent = text ?? '—';
      if (num) td.className = 'num';
      tr.append(td);
    }
    return tr;
  }));
}

// The deadline or budget question answered in one sentence above the results, from the compare
// rows (as display() formats them, ranked by the planner): the best type and the next one.
function answer(slot, form, request, runnable) {
  if (!slot) return;
  const mode = request.deadline_days != null ? 'deadline' : request.budget_usd != null ? 'budget' : null;
  slot.hidden = mode == null;
  if (slot.hidden) return;
  const d = slot.dataset;
  const template = (name) => d[mode + name];
  const item = (r) => template('Item').replace('{count}', r.instances).replace('{instance}', r.instance)
    .replace('{cost}', r.cost_usd).replace('{days}', r.days);
  const text = !runnable.length ? template('None')
    : runnable.length === 1 ? template('One').replace('{first}', item(runnable[0]))
      : template('Two').replace('{first}', item(runnable[0])).replace('{next}', item(runnable[1]));
  // The deadline and budget as the reader typed them.
  const typed = (id) => form.querySelector(`#${id}`)?.value.trim() ?? '';
  slot.textContent = text.replace('{days}', typed('deadline_days')).replace('{budget}', typed('budget_usd'));
}

function chartChoices(form) {
  const chosen = [...form.querySelectorAll('[data-chart-choices] input:checked')].map((box) => box.value);
  const current = form.querySelector('#instance')?.value;
  return current && !chosen.includes(current) ? [current, ...chosen] : chosen;
}

// What each kind of calculator asks and draws besides its main result. Each returns what the
// export adds to the request and response. `display` is the response as display() formats it.
const EXTRAS = {
  train(root, form, request, response, { call, shown, draw }) {
    // The module draws the bar from the response's bytes (site/display/chart.cpp, type "memory").
    const labels = root.querySelector('[data-chart="memory"]')?.dataset.labels.split('|') ?? [];
    chartInto(root.querySelector('[data-chart="memory"]'), { type: 'memory', memory: response.train.memory, labels }, draw);

    // Every instance type at the MFU this result uses, so the comparison is like for like.
    const job = { ...request };
    for (const key of ['api', 'lang', 'instance', 'instance_count', 'deadline_days', 'budget_usd', 'achieved_tflops', 'hfu']) delete job[key];
    // With a deadline every type gets the fewest instances that meet it, so the table answers
    // "what is the cheapest way to finish in time?"; otherwise every type runs at this count.
    // With a budget, the most instances it buys ("what is the fastest plan I can pay for?").
    if (request.deadline_days != null) job.deadline_days = request.deadline_days;
    else if (request.budget_usd != null) job.budget_usd = request.budget_usd;
    else job.instance_count = response.train.instances;
    job.mfu = response.train.mfu;
    const counts = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024];
    const compareRequest = { api: 1, kind: 'compare', job, counts, ...(request.lang ? { lang: request.lang } : {}) };
    const compare = call(compareRequest);
    if (!compare.ok) {
      clearExtras(root);
      return { compare: { request: compareRequest, response: compare } };
    }
    const picked = new Set(chartChoices(form));
    const sweep = compare.compare.sweep.filter((s) => picked.has(s.instance) && s.points.length);
    const series = (field) => sweep.map((s) => ({ name: s.instance, points: s.points.filter((p) => p.fits).map((p) => [p.instances, p[field] ?? null]) }));
    chartInto(root.querySelector('[data-chart="train-days"]'), { type: 'line', log_x: true, log_y: true, series: series('days') }, draw);
    chartInto(root.querySelector('[data-chart="train-cost"]'), { type: 'line', log_x: true, log_y: true, series: series('cost_usd') }, draw);
    const runnable = compare.compare.rows.filter((r) => r.days != null && r.cost_usd != null);
    chartInto(root.querySelector('[data-chart="train-pareto"]'), {
      type: 'scatter', log_x: true, log_y: true,
      points: runnable.map((r) => ({ label: r.instance, x: r.days, y: r.cost_usd, marked: r.pareto })),
    }, draw);
    // The sweep is drawn, not shown as text; the rate goes with the rows, for yen on Japanese pages.
    const rows = shown({ usd_jpy: compare.compare.usd_jpy, rows: compare.compare.rows }).rows;
    answer(root.querySelector('[data-answer]'), form, request, rows.filter((r) => r.days != null && r.cost_usd != null));
    fillTable(root.querySelector('[data-table="compare-rows"]'), rows.map((r) => [
      { text: r.instance }, { text: r.instances, num: true }, { text: r.days ?? r.error, num: r.days != null },
      { text: r.range && r.range.days ? `${r.range.days.low}–${r.range.days.high}` : '', num: true },
      { text: r.cost_usd, num: true }, { text: r.pareto ? '✓' : '' },
    ]));
    return { compare: { request: compareRequest, response: compare } };
  },

  infer(root, form, request, response, { call, draw }) {
    const multiples = [0.25, 0.5, 1, 2, 4];
    const series = [];
    for (const instance of chartChoices(form)) {
      const points = [];
      for (const k of multiples) {
        const r = call({ ...request, lang: undefined, instance, rate: { ...request.rate, value: request.rate.value * k } });
        if (r.ok) points.push([r.infer.peak_rps, r.infer.fleet]);
      }
      if (points.length) series.push({ name: instance, points });
    }
    chartInto(root.querySelector('[data-chart="infer-fleet"]'), { type: 'line', log_x: true, series }, draw);
    return {};
  },

  serve(root, form, request, response, { call, shown, draw, display }) {
    // The answer first, as the build writes it (serve_view in site/src/views.cpp), then the
    // cheapest type for the same targets.
    const answer = root.querySelector('[data-serve-answer]');
    const fill = (template, values) => template.replace(/\{(\w+)\}/g, (_, key) => values[key] ?? '—');
    setText(answer.querySelector('[data-serve-this]'), fill(answer.dataset.form, display.serve));
    // The same job on every instance type.
    const job = { ...request };
    for (const key of ['api', 'lang', 'instance', 'tensor_parallel']) delete job[key];
    const compareRequest = { api: 1, kind: 'compare', job, ...(request.lang ? { lang: request.lang } : {}) };
    const compare = call(compareRequest);
    if (!compare.ok) {
      clearExtras(root);
      return { compare: { request: compareRequest, response: compare } };
    }
    const rows = shown({ usd_jpy: compare.compare.usd_jpy, rows: compare.compare.rows }).rows;
    const runnable = rows.filter((r) => r.error == null && r.cost_per_million_output != null);
    setText(answer.querySelector('[data-serve-best]'), runnable.length
      ? fill(answer.dataset.best, { instance: runnable[0].instance, cost: runnable[0].cost_per_million_output })
      : answer.dataset.bestNone);
    fillTable(root.querySelector('[data-table="serve-rows"]'), rows.map((r) => (r.error != null
      ? [{ text: r.instance }, { text: r.error }, {}, {}, {}, {}, {}, {}].map((c) => ({ text: '', ...c }))
      : [{ text: r.instance }, { text: r.tensor_parallel, num: true }, { text: r.concurrency, num: true },
        { text: r.ttft_ms, num: true }, { text: r.tpot_ms, num: true }, { text: r.fleet, num: true },
        { text: r.cost_per_million_output, num: true }, { text: r.pareto ? '✓' : '' }])));
    // Throughput against TPOT for the types chosen under the form; the cost of the cheapest twelve.
    const picked = new Set(chartChoices(form));
    const series = compare.compare.sweep.filter((s) => picked.has(s.instance) && s.points.length)
      .map((s) => ({ name: s.instance, points: s.points.map((p) => [p.tpot_ms, p.output_tokens_per_second]) }));
    chartInto(root.querySelector('[data-chart="serve-curve"]'), { type: 'line', log_x: true, series }, draw);
    const priced = compare.compare.rows.filter((r) => r.error == null && r.cost_per_million_output != null).slice(0, 12);
    chartInto(root.querySelector('[data-chart="serve-cost"]'), {
      type: 'bar', bars: priced.map((r) => ({ label: r.instance, value: r.cost_per_million_output })),
    }, draw);
    return { compare: { request: compareRequest, response: compare } };
  },

  energy(root, form, request, response, { draw, display }) {
    const rows = display.energy.configurations;
    // A figure that rests on an estimated power carries its span, as the build-time table does.
    const spanned = (r, key) => (r.range && r.range[key] ? `${r[key]} (${r.range[key].low}–${r.range[key].high})` : r[key]);
    fillTable(root.querySelector('[data-table="energy-rows"]'), rows.map((r) => [
      { text: r.label }, { text: r.instance }, { text: spanned(r, 'energy_kwh'), num: true },
      { text: spanned(r, 'co2e_kg'), num: true },
      { text: r.cost_usd, num: true }, { text: r.energy_saving_percent, num: true },
      { text: r.co2e_saving_percent, num: true }, { text: r.cost_saving_percent, num: true },
    ]));
    // The answer first: each configuration's savings against the baseline, as the build writes it
    // (calculator_view in site/src/views.cpp).
    const list = root.querySelector('[data-energy-answer]');
    if (list) {
      const sentence = (r) => list.dataset.form.replace(/\{(\w+)\}/g, (_, key) => ({
        label: r.label, baseline: rows[0].label, energy: r.energy_saving_percent, co2e: r.co2e_saving_percent, cost: r.cost_saving_percent,
      })[key] ?? '—');
      const items = rows.slice(1).map((r) => Object.assign(document.createElement('li'), { textContent: sentence(r) }));
      list.replaceChildren(...items);
    }
    const raw = response.energy.configurations;
    chartInto(root.querySelector('[data-chart="energy-kwh"]'), { type: 'bar', bars: raw.map((r) => ({ label: r.label, value: r.energy_kwh })) }, draw);
    chartInto(root.querySelector('[data-chart="energy-cost"]'), { type: 'bar', bars: raw.map((r) => ({ label: r.label, value: r.cost_usd ?? null })) }, draw);
    return {};
  },

  instances(root, form, request, response, { display }) {
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
    return {};
  },
};

// ---- tools ---------------------------------------------------------------------------------

function setUpTools(root, latest, call) {
  const tools = root.querySelector('[data-tools]');
  if (tools) tools.hidden = false;
  const copy = root.querySelector('[data-copy-link]');
  copy?.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      copy.dataset.state = 'copied';
    } catch {
      copy.dataset.state = 'failed';
    }
    const done = copy.querySelector(`[data-when-${copy.dataset.state}]`);
    for (const note of copy.querySelectorAll('[data-when-copied],[data-when-failed]')) note.hidden = note !== done;
  });
  root.querySelector('[data-print-plan]')?.addEventListener('click', (event) => {
    printPlan(root, event.currentTarget.dataset, latest() ?? {}, call);
  });
  for (const button of root.querySelectorAll('[data-export]')) {
    button.addEventListener('click', () => {
      const format = button.dataset.export;
      const name = `accelguide-${root.dataset.calculator}.${format}`;
      const text = format === 'json' ? `${JSON.stringify({ url: location.href, ...latest() }, null, 2)}\n` : csvOf(root, latest()?.response);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([text], { type: format === 'json' ? 'application/json' : 'text/csv' }));
      link.download = name;
      link.hidden = true;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    });
  }
}

// A plan to print and hand round (a 稟議 in Japan): the inputs as chosen, the results with their
// ranges, the assumptions and notes, the alternatives the comparison weighed, the sources with their
// dates, and where and when it was made. Only what the page shows; then the browser's print dialog
// (print CSS shows this section alone).
function printPlan(root, labels, { request, response }, call) {
  const view = document.querySelector('[data-print-view]');
  if (!view) return;
  const visible = (el) => el.isConnected && !el.closest('[hidden]') && el.getClientRects().length > 0;
  const heading = (text) => Object.assign(document.createElement('h2'), { textContent: text });
  const list = (pairs) => {
    const dl = document.createElement('dl');
    for (const [term, value] of pairs) {
      dl.append(Object.assign(document.createElement('dt'), { textContent: term }),
                Object.assign(document.createElement('dd'), { textContent: value }));
    }
    return dl;
  };
  const parts = [Object.assign(document.createElement('h1'), { textContent: document.querySelector('h1')?.textContent ?? '' }),
                 Object.assign(document.createElement('p'), { textContent: `${labels.made} ${new Date().toISOString().slice(0, 10)} · ${location.href}` })];
  // Inputs: each visible field's label and what it holds (a select's chosen text, a radio's label).
  const inputs = [];
  for (const field of root.querySelectorAll('[data-form] input, [data-form] select')) {
    if (!visible(field) || field.type === 'hidden' || field.type === 'search') continue;
    if ((field.type === 'radio' || field.type === 'checkbox') && !field.checked) continue;
    const label = field.labels?.[0]?.innerText.trim() ?? field.name;
    const value = field.tagName === 'SELECT' ? field.selectedOptions[0]?.text : field.type === 'radio' || field.type === 'checkbox'
      ? (field.closest('fieldset')?.querySelector('legend')?.innerText.trim() ?? '') : field.value || '—';
    inputs.push(field.type === 'radio' || field.type === 'checkbox' ? [value, label] : [label, value]);
  }
  parts.push(heading(labels.headingInputs), list(inputs));
  const results = [...root.querySelectorAll('.results dt')].filter(visible).map((dt) => [dt.innerText, dt.nextElementSibling?.innerText ?? '']);
  const answers = [...root.querySelectorAll('.results .answer, .results .warning')].filter(visible).map((el) => el.innerText);
  parts.push(heading(labels.headingResults), ...answers.map((text) => Object.assign(document.createElement('p'), { textContent: text })), list(results));
  const notes = [...root.querySelectorAll('.results .notes li, .results .hint')].filter(visible).map((li) => li.innerText);
  if (notes.length) {
    const ul = document.createElement('ul');
    ul.append(...notes.map((text) => Object.assign(document.createElement('li'), { textContent: text })));
    parts.push(heading(labels.headingNotes), ul);
  }
  // Alternatives: the comparison table as shown, its first rows (the cheapest that can run the job).
  const table = [...root.querySelectorAll('.calc-charts table, .wide-results table')].find(visible);
  if (table) {
    const copy = table.cloneNode(true);
    [...copy.tBodies[0]?.rows ?? []].slice(8).forEach((row) => row.remove());
    parts.push(heading(labels.headingAlternatives), copy);
  }
  // Sources, from the catalogue the module carries: every source behind a figure of the instance
  // and chip the result used (price, power, peak, default MFU) and of the benchmark it took its
  // scaling or throughput from, each with its date.
  const catalogue = call({ api: 1, kind: 'catalog' });
  const result = response ? response[response.kind] : null;
  const cited = new Set();
  const figures = (node) => {
    if (Array.isArray(node)) node.forEach(figures);
    else if (node && typeof node === 'object') {
      if (typeof node.source === 'string') cited.add(node.source);
      Object.values(node).forEach(figures);
    }
  };
  if (catalogue.ok && result) {
    const { instances, accelerators, benchmarks, sources } = catalogue.catalog;
    const instance = instances.find((i) => i.id === (request?.instance ?? result.instance));
    if (instance) {
      figures([instance.power]);
      // The step model prices the collectives on the instance's interconnect and network.
      if (result.step) figures([instance.accelerator_interconnect, instance.network]);
      const chip = accelerators.find((a) => a.id === instance.accelerator);
      if (chip) figures([chip.peak_tflops, chip.default_mfu, chip.decode_bandwidth_fraction]);
    }
    for (const id of [result.scaling_source, result.throughput_source, result.mfu_source])
      figures(benchmarks.find((b) => b.id === id));
    // The price and the exchange rate the plan used (a training result has them itself, an inference
    // result in its fleet_hour); "request" is no source.
    const money = result.fleet_hour ?? result;
    for (const id of [money.price_source, money.usd_jpy_source]) if (sources[id]) cited.add(id);
    const ol = document.createElement('ol');
    ol.append(...[...cited].filter((id) => sources[id]).map((id) => Object.assign(document.createElement('li'), {
      textContent: `${sources[id].title} (${sources[id].as_of}) ${sources[id].url}`,
    })));
    if (ol.children.length) parts.push(heading(labels.headingSources), ol);
  }
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

// The results as the page shows them, for a spreadsheet: a UTF-8 byte-order mark (Excel on Japanese
// Windows reads UTF-8 only with one), then one row per visible result with its number as a number
// (the planner's own, not the display string), the range's low and high when shown, and the rest of
// what the page shows beside it as text (unit, source); then each visible results table, numbers
// without grouping. Only what is visible is exported (innerText leaves hidden elements out).
function csvOf(root, response) {
  const quote = (text) => `"${String(text ?? '').replace(/\s+/g, ' ').trim().replace(/"/g, '""')}"`;
  const at = (path) => path.split('.').reduce((node, key) => (node == null ? undefined : node[key]), response);
  const visible = (el) => el.isConnected && !el.closest('[hidden]') && el.getClientRects().length > 0;
  const lines = [(root.dataset.csvHeader ?? 'item,value,low,high,note').split(',').map(quote).join(',')];
  for (const dt of root.querySelectorAll('.results dt')) {
    const dd = dt.nextElementSibling;
    if (!dd || !visible(dt)) continue;
    // The figure is the row's first output when the row starts with it ("$2,859,068 …", "33.9 days");
    // a row that starts with words ("TP 1 × PP 1 …") is exported as the text it shows.
    const main = [...dd.querySelectorAll('output[data-output]')].find((o) => visible(o) && !o.closest('.range'));
    let before = '';
    for (const node of dd.childNodes) {
      if (main && (node === main || node.contains?.(main))) break;
      before += node.textContent;
    }
    const leads = main && !/[A-Za-z\u3040-\u30ff\u4e00-\u9fff]/.test(before);
    const path = main?.dataset.output ?? '';
    // In the unit the page shows (display_json in site/display/text.hpp): GB for *_bytes, % for fractions.
    const name = path.slice(path.lastIndexOf('.') + 1);
    const scale = name.endsWith('_bytes') ? 1e-9 : ['mfu', 'hfu', 'scaling_efficiency', 'target_utilisation'].includes(name) ? 100 : 1;
    const raw = leads ? at(path) : undefined;
    const number = typeof raw === 'number' ? raw * scale : raw;
    const dot = path.indexOf('.');
    const spanOf = dot > 0 ? at(`${path.slice(0, dot)}.range.${path.slice(dot + 1)}`) : undefined;
    const range = spanOf && { low: spanOf.low * scale, high: spanOf.high * scale };
    const shownRange = range && [...dd.querySelectorAll('.range')].some(visible);
    // The note: what is shown beside the number (unit, source), without the number and its range.
    const copy = dd.cloneNode(true);
    if (typeof number === 'number') copy.querySelector(`output[data-output="${path}"]`)?.remove();
    copy.querySelectorAll('.range, [hidden]').forEach((el) => el.remove());
    const note = copy.textContent.replace(/[()·]/g, ' ');
    const field = (v) => (typeof v === 'number' ? String(v) : quote(v));
    lines.push([dt.innerText, typeof number === 'number' ? number : dd.innerText,
                shownRange ? range.low : '', shownRange ? range.high : '', typeof number === 'number' ? note : '']
      .map(field).join(','));
  }
  for (const table of root.querySelectorAll('table')) {
    if (!visible(table)) continue;
    lines.push('');
    for (const tr of table.querySelectorAll('tr')) {
      if (!visible(tr)) continue;
      lines.push([...tr.cells].map((c) => {
        const text = c.innerText.trim();
        // "2,097" -> 2097; a figure with its range, "309 (232–309)", stays as the page writes it.
        return c.classList.contains('num') && /^-?[\d,]+(\.\d+)?$/.test(text) ? text.replace(/,/g, '') : quote(text);
      }).join(','));
    }
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
