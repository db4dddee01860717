// calculator.js: drives a calculator form with the WebAssembly planner.
//
// It reads the inputs, builds a planner request, calls plan(), and shows what comes back. No
// formula lives here: every number on the page comes from planner::plan (wasm/bindings.cpp).
//
// The page declares everything in HTML:
//   [data-calculator]          the calculator; data-api is the planner API version the page speaks,
//                              data-msg-* hold its messages in the page's language
//   [data-field="a.b"]         an input that becomes request.a.b; data-scale multiplies a number
//                              typed in display units (billions: 1e9), data-per divides (percent: 100)
//   [data-switch] radios       show the [data-when="name=value"] blocks they select; hidden blocks'
//                              inputs are disabled and left out of the request
//   [data-output="a.b"]        shows response.a.b, with data-digits fraction digits at most
//   [data-error-for="a.b"]     shows the planner's message for field a.b ("*" catches the rest)
//   [data-copy-link]           copies the page's link, which always holds the form's state
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
  const form = root.querySelector('[data-form]');
  restoreFromUrl(form);
  const update = () => {
    applySwitches(form);
    const response = JSON.parse(planner.plan(JSON.stringify(buildRequest(form))));
    show(root, response);
    saveToUrl(form);
  };
  const copy = root.querySelector('[data-copy-link]');
  if (copy) copy.hidden = false;
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
  form.addEventListener('input', update);
  form.addEventListener('change', update);
  form.addEventListener('submit', (event) => event.preventDefault());
  update();
  root.dataset.ready = 'true';
}

function namedInputs(form) {
  return [...form.querySelectorAll('input[name], select[name]')].filter((input) => input.type !== 'hidden');
}

function restoreFromUrl(form) {
  const params = new URLSearchParams(location.search);
  for (const input of namedInputs(form)) {
    if (!params.has(input.name)) continue;
    const value = params.get(input.name);
    if (input.type === 'radio') {
      input.checked = input.value === value;
    } else if (input.tagName === 'SELECT') {
      if ([...input.options].some((o) => o.value === value)) input.value = value;
    } else {
      input.value = value.slice(0, 64);  // a link can hold anything; an input needs no more than this
    }
  }
}

function saveToUrl(form) {
  const params = new URLSearchParams();
  for (const input of namedInputs(form)) {
    if (input.type === 'radio' && !input.checked) continue;
    if (input.value !== '') params.set(input.name, input.value.normalize('NFKC'));
  }
  history.replaceState(null, '', `${location.pathname}?${params}`);
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
  if (input.tagName === 'SELECT' || input.type === 'hidden') return input.value;
  const typed = input.value.normalize('NFKC').trim();
  if (typed === '') return undefined;
  const number = Number(typed.replace(/[,_\s]/g, ''));
  if (!Number.isFinite(number)) return typed;
  if (input.dataset.scale) return number * Number(input.dataset.scale);
  if (input.dataset.per) return number / Number(input.dataset.per);
  return number;
}

function buildRequest(form) {
  const request = { api: Number(form.closest('[data-calculator]').dataset.api) };
  for (const input of form.querySelectorAll('[data-field]')) {
    if (input.disabled) continue;
    const value = readValue(input);
    if (value === undefined) continue;
    const path = input.dataset.field.split('.');
    let node = request;
    for (const key of path.slice(0, -1)) node = node[key] ??= {};
    node[path[path.length - 1]] = value;
  }
  return request;
}

function lookup(object, path) {
  return path.split('.').reduce((node, key) => (node == null ? undefined : node[key]), object);
}

function show(root, response) {
  const lang = document.documentElement.lang || 'en';
  for (const slot of root.querySelectorAll('[data-error-for]')) slot.textContent = '';
  for (const input of root.querySelectorAll('[aria-invalid]')) input.removeAttribute('aria-invalid');

  for (const output of root.querySelectorAll('[data-output]')) {
    const value = response.ok ? lookup(response, output.dataset.output) : undefined;
    if (typeof value === 'number' && Number.isFinite(value)) {
      const digits = Number(output.dataset.digits ?? 2);
      output.textContent = new Intl.NumberFormat(lang, { maximumFractionDigits: digits }).format(value);
    } else if (typeof value === 'string') {
      output.textContent = value;
    } else {
      output.textContent = '—';
    }
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
