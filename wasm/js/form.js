// form.js: a calculator's form, for calculator.js: the URL state, the switches, presets and
// measured figures, the config.json import, and the request the inputs describe (no formula: a
// typed number only changes units, data-scale and data-per). The attributes are listed in
// calculator.js.

function namedInputs(form) {
  return [...form.querySelectorAll('input[name], select[name], textarea[name]')].filter((input) => input.type !== 'hidden');
}

// A link holds the whole state: saveToUrl leaves out empty inputs, so a text input the link does
// not name is empty (a field the user cleared stays cleared after a reload). Returns whether the
// URL chose the charts' instance types.
export function restoreFromUrl(form) {
  const params = new URLSearchParams(location.search);
  if (![...params.keys()].length) return false;
  // A part of the form that makes a request of its own ([data-request]: the comparison page's
  // training job) keeps its starting values when the link names none of its inputs: the
  // cheat-sheet's link names only the instance types.
  const untouched = [...form.querySelectorAll('[data-request]')].filter((part) =>
    !namedInputs(part).some((input) => params.has(input.name)));
  for (const input of namedInputs(form)) {
    if (untouched.some((part) => part.contains(input))) continue;
    if (!params.has(input.name)) {
      // Empty is left out of a link: a text field, or a select's empty choice (pre-training).
      if (input.type === 'text' || input.tagName === 'TEXTAREA' ||
          (input.tagName === 'SELECT' && [...input.options].some((o) => o.value === ''))) input.value = '';
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
      // A link can hold anything; an input needs no more than 64 characters, a job's JSON 4,000.
      input.value = value.slice(0, input.tagName === 'TEXTAREA' ? 4000 : 64);
    }
  }
  return params.has('chart');
}

export function saveToUrl(form) {
  const params = new URLSearchParams();
  for (const input of namedInputs(form)) {
    if ((input.type === 'radio' || input.type === 'checkbox') && !input.checked) continue;
    if (input.value !== '') params.append(input.name, input.value.normalize('NFKC'));
  }
  history.replaceState(null, '', `${location.pathname}?${params}`);
}

// The charts' types when a link names none: those the page ticks (its front matter's, built in),
// and the form's own instance, the example's or the link's.
export function tickOwnChartInstance(form) {
  const own = form.querySelector('#instance')?.value;
  for (const box of form.querySelectorAll('[data-chart-choices] input[type="checkbox"]')) if (box.value === own) box.checked = true;
}

export function watchPresets(form) {
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
      openFilledDetails(form);
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

// A disclosure of optional inputs (a mixture of experts' counts, the advanced layout) opens when a
// link, a preset or an import fills one of them, so that a value in use is never out of sight.
export function openFilledDetails(form) {
  for (const details of form.querySelectorAll('details[data-open-when-set]'))
    if (namedInputs(details).some((input) => !atDefault(input))) details.open = true;
}

// A measurement (the example's 140 TFLOP/s on 1,024 A100) is never carried to another model or
// instance: once the set-up differs from the example's, the calculator falls back to the
// assumption, which the result shows with its source and range. A figure the user typed stays.
// Capture phase: this runs before the form's own listeners build the request.
export function watchMeasured(form) {
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
// kind reads it as the serve kind would and counts its parameters; its answer fills the inputs that
// name one of its fields (data-import-from, in their units: data-scale), and the radio the box
// names (data-import-switch="name=value") is chosen. The training form also sends the pasted text
// itself, as model.config (its textarea has a data-field). Nothing leaves the page.
export function setUpImport(root, form, call, update) {
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
    for (const input of form.querySelectorAll('[data-import-from]')) {
      const value = r.model[input.dataset.importFrom];
      input.value = value == null ? '' : String(value / Number(input.dataset.scale ?? 1));
    }
    const [name, value] = (box.dataset.importSwitch ?? '=').split('=');
    const radio = form.querySelector(`input[name="${CSS.escape(name)}"][value="${CSS.escape(value)}"]`);
    if (radio) radio.checked = true;
    openFilledDetails(form);
    done.hidden = false;
    update();
  };
  box.querySelector('[data-import-run]')?.addEventListener('click', () => read(text.value));
  box.querySelector('[data-import-file]')?.addEventListener('change', async (event) => {
    const file = event.target.files?.[0];
    if (file) read(text.value = await file.text());
  });
}

// A [data-switch] radio (or select) shows the [data-when="name=value"] blocks it selects; a block
// may name several values ("ft=lora|qlora"). An input inside a hidden block is disabled, and so
// left out of the request.
export function applySwitches(form) {
  const chosen = new Map();
  for (const control of form.querySelectorAll('[data-switch]')) {
    if (control.tagName === 'SELECT' || control.checked) chosen.set(control.name, control.value);
  }
  for (const block of form.querySelectorAll('[data-when]')) {
    const [name, values] = block.dataset.when.split('=');
    block.hidden = !values.split('|').includes(chosen.get(name));
  }
  for (const input of form.querySelectorAll('[data-when] [data-field]')) input.disabled = input.closest('[data-when][hidden]') !== null;
}

// A typed number: full-width digits become ASCII (NFKC), and thousands separators are ignored.
// Anything that is still not a finite number is sent as typed, so the planner names the problem.
function readValue(input) {
  // A yes/no choice ([data-boolean]: "", "true", "false") is sent as a boolean, or left out.
  if ('boolean' in input.dataset) return input.value === '' ? undefined : input.value === 'true';
  if (input.tagName === 'SELECT' || input.type === 'hidden' || input.type === 'checkbox') return input.value || undefined;
  const typed = input.value.normalize('NFKC').trim();
  if (typed === '') return undefined;
  // A JSON text (a pasted config.json) is sent as the object it is; anything else as typed.
  if ('json' in input.dataset) {
    try {
      return JSON.parse(typed);
    } catch {
      return typed;
    }
  }
  if (!input.inputMode || input.inputMode === 'text') return typed;
  const number = Number(typed.replace(/[,_\s]/g, ''));
  if (!Number.isFinite(number)) return typed;
  if (input.dataset.scale) return number * Number(input.dataset.scale);
  if (input.dataset.per) return number / Number(input.dataset.per);
  return number;
}

// The request the form describes: its api and language, then its fields.
export function buildRequest(scope) {
  const request = { api: Number(scope.closest('[data-calculator]').dataset.api) };
  if (document.documentElement.lang === 'ja') request.lang = 'ja';
  return Object.assign(request, buildFields(scope));
}

// The fields of the form, or of a part of it that makes a job of its own ([data-request]: the
// comparison page's training job): every [data-field] inside `scope` but a nested part's.
export function buildFields(scope) {
  const request = {};
  const own = (input) => input.closest('[data-request], [data-form]') === scope;
  const skipped = new Set();
  for (const group of scope.querySelectorAll('[data-group]')) {
    const key = group.querySelector(`[data-field$=".${CSS.escape(group.dataset.groupKey)}"]`);
    if (key && !key.value) for (const input of group.querySelectorAll('[data-field]')) skipped.add(input);
  }
  for (const input of scope.querySelectorAll('[data-field]')) {
    if (!own(input) || input.disabled || skipped.has(input)) continue;
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

