// cheatsheet.js: sorting, filtering and column choice for the instance cheat-sheet. Without
// JavaScript the table is complete and readable; this only adds controls.
// Numeric cells carry their raw value in data-value, so sorting ignores formatting and citations.

const table = document.querySelector('table.cheatsheet');
if (table) enhance(table);

function enhance(table) {
  const controls = document.querySelector('[data-table-controls]');
  const headers = [...table.tHead.rows[0].cells];
  const rows = [...table.tBodies[0].rows];
  // What a row says, without the notes behind its * (they explain a figure, they are not the row).
  const shown = (el) => {
    const copy = el.cloneNode(true);
    copy.querySelectorAll('.note-text').forEach((note) => note.remove());
    return copy.textContent;
  };
  const text = (row) => shown(row).normalize('NFKC').toLowerCase();

  // Filter: rows that contain every word typed.
  const filter = document.createElement('input');
  filter.type = 'search';
  filter.id = 'cheatsheet-filter';
  filter.placeholder = controls.dataset.filterLabel;
  const label = document.createElement('label');
  label.htmlFor = filter.id;
  label.className = 'visually-hidden';
  label.textContent = controls.dataset.filterLabel;
  filter.addEventListener('input', () => {
    const words = filter.value.normalize('NFKC').toLowerCase().split(/\s+/).filter(Boolean);
    for (const row of rows) row.hidden = !words.every((w) => text(row).includes(w));
  });

  // Columns: a checkbox per column after the first.
  const columns = document.createElement('details');
  const summary = document.createElement('summary');
  summary.textContent = controls.dataset.columnsLabel;
  columns.append(summary);
  headers.forEach((th, index) => {
    if (index === 0) return;
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.checked = true;
    box.id = `column-${index}`;
    const name = document.createElement('label');
    name.htmlFor = box.id;
    name.textContent = th.textContent.trim();
    box.addEventListener('change', () => {
      for (const row of table.rows) row.cells[index].hidden = !box.checked;
    });
    const item = document.createElement('span');
    item.append(box, name);
    columns.append(item);
  });

  // Sorting: each header becomes a button; numbers sort by data-value, text by locale.
  headers.forEach((th, index) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = th.textContent.trim();
    th.replaceChildren(button);
    button.addEventListener('click', () => {
      const ascending = th.getAttribute('aria-sort') !== 'ascending';
      headers.forEach((h) => h.removeAttribute('aria-sort'));
      th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
      const key = (row) => {
        const cell = row.cells[index];
        const value = cell.dataset.value;
        return value !== undefined && value !== '' ? Number(value) : shown(cell).trim();
      };
      const sorted = rows.slice().sort((a, b) => {
        const x = key(a), y = key(b);
        const missingX = x === '' || x === '—', missingY = y === '' || y === '—';
        if (missingX !== missingY) return missingX ? 1 : -1;  // rows without a figure go last
        const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), document.documentElement.lang);
        return ascending ? order : -order;
      });
      table.tBodies[0].append(...sorted);
    });
  });

  controls.append(label, filter, columns);
  controls.hidden = false;
}
