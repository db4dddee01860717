// calculator.js: drives a calculator page with the WebAssembly planner.
//
// It reads the inputs, builds planner requests, calls plan(), and shows what comes back. No formula
// lives here: every number on the page comes from the planner (site::plan), is formatted by the module's
// display() (the same code that formats the build-time example) and every chart is drawn by the
// module's chart() (the same code as the site's build-time charts). See wasm/bindings.cpp.
//
// The page declares everything in HTML (templates/calculator.html and partials/calc-*.html):
//   [data-calculator="train|infer|serve|energy|instances"]   the calculator; data-msg-* hold messages;
//                            data-stale while a link's inputs wait for their first answer (the
//                            built example's results and charts hidden), data-ready once answered
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
//   [data-default="a.b"]     an override input whose placeholder shows response.a.b (the value the
//                            planner used without it), in the input's units (data-per)
//   [data-show-if="a.b"]     shown only while response.a.b exists (or equals data-show-value)
//   [data-list="a.b"]        a list of the strings at response.a.b
//   [data-error-for="a.b"]   shows the planner's message for field a.b ("*" catches the rest)
//   [data-error-summary]     a failed plan's errors at the top of the results, each a link to its field
//   [data-headline]          a part of the answer (the result card, an answer sentence): hidden and
//                            emptied ([data-headline-text] slots, list items) in the update that
//                            fails; shown again by a good one (="extras": by the kind's extras)
//   [data-chart="name"]      a chart this file knows how to ask for (charts below)
//   [data-copy-link], [data-export="csv|json"]   the tools
//   [data-import]            a config.json to read into the [data-import-from] inputs (form.js)
//   [data-request]           a part of the form with a request of its own (the comparison page's
//                            training job): left out of the form's request, its errors shown in it
//   details[data-open-when-set]   optional inputs, opened when a link, preset or import fills one
//   [data-json]              a textarea whose JSON text is sent as the object it is (model.config)
//
// State lives in the URL: every named input is a query parameter (?parameters=175&instance=…),
// restored on load and rewritten as you type. Values from the URL are only ever set as input
// values (never as HTML), and the planner checks them like typed ones.
//
// The form is read in form.js, the results shown in results.js; this file starts the page and
// holds the tools (link, export, the plan to print).
import { applySwitches, buildRequest, tickOwnChartInstance, openFilledDetails, restoreFromUrl, saveToUrl,
  setUpImport, watchMeasured, watchPresets } from './form.js';
import { EXTRAS, clearExtras, show, useFieldMessages, whenResized } from './results.js';
import { printPlan } from './print.js';

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
  useFieldMessages((error) => planner.field_message(JSON.stringify(error)));
  // A comparison planned and each chart's spec in one call: which figures a chart plots is the
  // display's (display/chart_specs.hpp); money in the page's currency.
  const charts = (sources) => JSON.parse(planner.charts(JSON.stringify({ ...sources, lang: document.documentElement.lang })));

  // A link's inputs are not the example's: the results and charts the build drew for the example
  // stay hidden (data-stale) until the planner has answered the link's inputs.
  if (location.search.length > 1) root.dataset.stale = 'true';
  const hadChartChoices = restoreFromUrl(form);
  if (!hadChartChoices) tickOwnChartInstance(form);
  openFilledDetails(form);
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
      const extra = response.ok ? (EXTRAS[kind]?.(root, form, request, response, { draw, charts, display }) ?? {}) : {};
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
  whenResized(() => update());
  form.addEventListener('change', () => update());
  form.addEventListener('submit', (event) => event.preventDefault());
  // The module's first call reads the embedded catalogue, tens of milliseconds in code the engine
  // has not optimised yet. It gets a task of its own, so that loading the page never blocks input
  // for as long as the catalogue, the first result and the charts would together.
  planner.plan('{}');
  await new Promise((resolve) => setTimeout(resolve, 0));
  update(() => {
    delete root.dataset.stale;
    root.dataset.ready = 'true';
  });
}

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

// The results as the page shows them, for a spreadsheet: a UTF-8 byte-order mark (Excel on Japanese
// Windows reads UTF-8 only with one), then one row per visible result with its number as a number
// (the planner's own, not the display string), the range's low and high when shown, and the rest of
// what the page shows beside it as text (unit, source); then each visible results table, numbers
// without grouping. Only what is visible is exported (innerText leaves hidden elements out).
function csvOf(root, response) {
  const quote = (text) => `"${String(text ?? '').replace(/\s+/g, ' ').trim().replace(/"/g, '""')}"`;
  // No answer: the header, then the errors as the summary lists them ("label: message"), and
  // nothing of an earlier answer.
  if (response && !response.ok) {
    const header = (root.dataset.csvHeader ?? 'item,value,low,high,note').split(',').map(quote).join(',');
    const errors = [...root.querySelectorAll('[data-error-summary] li')].map((li) => [quote(li.textContent), '', '', '', ''].join(','));
    return `\uFEFF${[header, ...errors].join('\r\n')}\r\n`;
  }
  const at = (path) => path.split('.').reduce((node, key) => (node == null ? undefined : node[key]), response);
  // Shown, whether or not it is scrolled into view: the charts section has content-visibility:
  // auto, so while off screen its boxes are not laid out (no client rects, an empty innerText), and
  // the export must not depend on where the reader scrolled. Table cells are read as textContent.
  const visible = (el) => el.isConnected && !el.closest('[hidden]') &&
    (typeof el.checkVisibility === 'function' ? el.checkVisibility() : el.getClientRects().length > 0);
  const lines = [(root.dataset.csvHeader ?? 'item,value,low,high,note').split(',').map(quote).join(',')];
  const units = JSON.parse(root.dataset.displayUnits);
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
    // In the unit the page shows: the factor of each declared figure (display/units.hpp
    // display_scales), carried on the page; a figure not listed is shown as it is.
    const scale = units[path] ?? 1;
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
        const text = c.textContent.replace(/\s+/g, ' ').trim();
        // "2,097" -> 2097; a figure with its range, "309 (232–309)", stays as the page writes it.
        return c.classList.contains('num') && /^-?[\d,]+(\.\d+)?$/.test(text) ? text.replace(/,/g, '') : quote(text);
      }).join(','));
    }
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
