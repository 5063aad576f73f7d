// index.html's script: draws the matrix, filters and the detail panel from the embedded
// JSON. Every string from the report goes into the page through textContent (never
// innerHTML), so markup a server wrote shows as text and never runs. Plain ES2019 in a
// raw string: it runs as is in the browser, with nothing between it and the page.
export const REPORT_SCRIPT = String.raw`(function () {
'use strict';
var data = JSON.parse(document.getElementById('report-data').textContent);
var KIND = { screen: 'Screen', 'model-request': 'Model request', 'server-journal': 'Server received',
  trap: 'Trap received', file: 'File', process: 'Process', note: 'Note' };
var state = { verdicts: {}, group: '', text: '', open: null };
var cellButtons = {};

function visible(s) {
  return String(s).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, function (c) {
    return '\\x' + ('0' + c.charCodeAt(0).toString(16)).slice(-2);
  });
}
function el(tag, cls, text) {
  var e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = visible(text);
  return e;
}
function add(parent) {
  for (var i = 1; i < arguments.length; i++) if (arguments[i]) parent.appendChild(arguments[i]);
  return parent;
}
function badge(verdict, count) {
  return el('span', 'v v-' + verdict, count === undefined ? verdict : count + ' ' + verdict);
}
function countsLine(counts) {
  var line = el('span', 'counts');
  data.verdicts.forEach(function (v) { if (counts[v] > 0) add(line, badge(v, counts[v])); });
  if (!line.firstChild) add(line, el('span', 'v v-none', 'no checks'));
  return line;
}
function seconds(ms) { return (ms / 1000).toFixed(1) + ' s'; }

function drawSummary() {
  var cards = document.getElementById('cards');
  data.hosts.forEach(function (h) {
    var total = data.verdicts.reduce(function (s, v) { return s + h.totals[v]; }, 0);
    add(cards, add(el('div', 'card'), el('div', 'name', h.label), countsLine(h.totals), el('div', 'muted', total + ' checks')));
  });
  var rows = [
    ['Host', function (r) { return r.host.name; }], ['Version', function (r) { return r.host.version || '—'; }],
    ['Profile', function (r) { return r.host.profile || '—'; }],
    ['Declared absent', function (r) { return (r.host.declaredAbsent || []).join(', ') || '—'; }],
    ['Suite', function (r) { return r.suite.version + (r.suite.revision ? ' @ ' + r.suite.revision : ''); }],
    ['Catalogue revision', function (r) { return r.catalogueRevision; }], ['Node', function (r) { return r.node; }],
    ['OS', function (r) { return r.os; }], ['Started', function (r) { return r.startedAt; }], ['Ended', function (r) { return r.endedAt; }],
    ['Duration', function (r) { var d = Date.parse(r.endedAt) - Date.parse(r.startedAt); return isNaN(d) ? '—' : seconds(d); }],
    ['Shard', function (r) { return r.shard || '—'; }], ['Command', function (r) { return r.command; }]
  ];
  var table = document.getElementById('meta-table');
  var head = add(el('tr'), el('th', '', ''));
  data.hosts.forEach(function (h) { add(head, el('th', '', h.label)); });
  add(table, head);
  rows.forEach(function (row) {
    var tr = add(el('tr'), el('th', '', row[0]));
    data.hosts.forEach(function (h) { add(tr, el('td', '', row[1](h.run))); });
    add(table, tr);
  });
  document.getElementById('generated').textContent = 'Generated ' + data.generatedAt;
}

function drawFilters() {
  var box = document.getElementById('verdict-filters');
  var totals = {};
  data.verdicts.forEach(function (v) { totals[v] = 0; data.hosts.forEach(function (h) { totals[v] += h.totals[v]; }); });
  data.verdicts.forEach(function (v) {
    var b = el('button', 'v vf v-' + v, v + ' (' + totals[v] + ')');
    b.type = 'button';
    b.setAttribute('data-verdict', v);
    b.setAttribute('aria-pressed', 'false');
    b.addEventListener('click', function () {
      state.verdicts[v] = !state.verdicts[v];
      b.setAttribute('aria-pressed', String(!!state.verdicts[v]));
      applyFilters();
    });
    add(box, b);
  });
  var select = document.getElementById('group-filter');
  data.groups.forEach(function (g) { var o = el('option', '', g.name); o.value = g.name; add(select, o); });
  select.addEventListener('change', function () { state.group = select.value; applyFilters(); });
  var search = document.getElementById('text-filter');
  search.addEventListener('input', function () { state.text = search.value.toLowerCase(); applyFilters(); });
  document.getElementById('clear-filters').addEventListener('click', function () {
    state.verdicts = {}; state.group = ''; state.text = ''; select.value = ''; search.value = '';
    box.querySelectorAll('button').forEach(function (b) { b.setAttribute('aria-pressed', 'false'); });
    applyFilters();
  });
}

function drawMatrix() {
  var table = document.getElementById('matrix');
  var cols = add(el('colgroup'), el('col', 'c-id'), el('col', 'c-gids'));
  data.hosts.forEach(function () { add(cols, el('col', 'c-host')); });
  add(table, cols);
  var head = add(el('tr'), el('th', '', 'Check'), el('th', '', 'Guarantees'));
  data.hosts.forEach(function (h) { add(head, el('th', '', h.label)); });
  add(table, add(el('thead'), head));
  data.groups.forEach(function (group, gi) {
    var body = el('tbody');
    body.setAttribute('data-group', String(gi));
    var gh = add(el('tr', 'group'), add(el('th', '', group.name + ' '), el('span', 'muted', '(' + group.rows.length + ')')), el('th'));
    group.totals.forEach(function (t) { add(gh, add(el('th'), countsLine(t))); });
    add(body, gh);
    group.rows.forEach(function (row, ri) {
      var tr = add(el('tr', 'check'), el('td', 'id', row.id), el('td', 'gids', row.guarantees.join(', ') + ' · ' + row.level));
      tr.setAttribute('data-search', (row.id + ' ' + row.guarantees.join(' ')).toLowerCase());
      row.cells.forEach(function (cell, hi) {
        var td = el('td');
        if (cell) {
          var b = el('button', 'v cell v-' + cell.verdict, cell.verdict);
          b.type = 'button';
          b.setAttribute('data-verdict', cell.verdict);
          b.setAttribute('aria-label', row.id + ' on ' + data.hosts[hi].label + ': ' + cell.verdict);
          b.title = cell.verdict;
          b.addEventListener('click', function () { openDetail(gi, ri, hi); });
          cellButtons[gi + '.' + ri + '.' + hi] = b;
          add(td, b);
        } else add(td, el('span', 'v v-none', 'not run'));
        add(tr, td);
      });
      add(body, tr);
    });
    add(table, body);
  });
}

function applyFilters() {
  var wanted = data.verdicts.filter(function (v) { return state.verdicts[v]; });
  var shown = 0, total = 0;
  document.querySelectorAll('#matrix tbody').forEach(function (body) {
    var group = data.groups[Number(body.getAttribute('data-group'))];
    var groupOn = !state.group || group.name === state.group;
    var any = false;
    body.querySelectorAll('tr.check').forEach(function (tr) {
      total++;
      var cells = tr.querySelectorAll('button.cell');
      var match = wanted.length === 0;
      cells.forEach(function (b) {
        var hit = wanted.length === 0 || wanted.indexOf(b.getAttribute('data-verdict')) >= 0;
        b.classList.toggle('dim', !hit);
        if (hit) match = true;
      });
      var on = groupOn && match && (!state.text || tr.getAttribute('data-search').indexOf(state.text) >= 0);
      tr.classList.toggle('hidden', !on);
      if (on) { shown++; any = true; }
    });
    body.classList.toggle('hidden', !any);
  });
  document.getElementById('shown').textContent = 'Showing ' + shown + ' of ' + total + ' checks';
}

function section(title) { return el('h3', '', title); }
function pre(text) { return el('pre', '', text); }

function openDetail(gi, ri, hi) {
  var row = data.groups[gi] && data.groups[gi].rows[ri];
  var check = row && row.cells[hi];
  var host = data.hosts[hi];
  if (!check) return;
  state.open = [gi, ri, hi];
  clearSelection();
  var panel = document.getElementById('detail');
  panel.textContent = '';
  var close = el('button', 'close', '×');
  close.type = 'button';
  close.setAttribute('aria-label', 'Close');
  close.addEventListener('click', closeDetail);
  add(panel, close, el('h2', 'title', check.id));
  var dl = el('dl');
  add(dl, el('dt', '', 'Host'), el('dd', '', host.label));
  add(dl, el('dt', '', 'Verdict'), add(el('dd'), badge(check.verdict)));
  add(dl, el('dt', '', 'Level'), el('dd', '', check.level));
  add(dl, el('dt', '', 'Scenario'), el('dd', '', check.scenario));
  add(dl, el('dt', '', 'Duration'), el('dd', '', seconds(check.durationMs)));
  add(panel, dl, section('Requirement'));
  check.guarantees.forEach(function (id) {
    var g = data.guarantees[id];
    var req = add(el('div', 'req'), el('b', '', id + (g ? ' ' + g.level : '')));
    add(req, document.createTextNode(g ? visible(g.text) : '(not in the catalogue)'));
    add(panel, req);
  });
  var eo = add(el('div', 'eo'), add(el('div', 'expected'), section('Expected'), pre(check.expected)),
    add(el('div', 'observed'), section('Observed'), pre(check.observed)));
  add(panel, eo, section('Evidence (' + check.evidence.length + ')'));
  var list = el('ol', 'evidence');
  check.evidence.forEach(function (e) {
    add(list, add(el('li'), el('span', 'kind', KIND[e.kind] || e.kind), el('span', 'src', e.source), pre(e.excerpt)));
  });
  if (!check.evidence.length) add(panel, el('p', 'muted', 'No evidence recorded.'));
  add(panel, list, section('Rerun'), pre(check.rerun));
  panel.classList.remove('hidden');
  document.body.classList.add('panel-open');
  syncStickyHeader();
  cellButtons[gi + '.' + ri + '.' + hi].classList.add('selected');
  history.replaceState(null, '', '#cell=' + gi + '.' + ri + '.' + hi);
}

function clearSelection() {
  Object.keys(cellButtons).forEach(function (k) { cellButtons[k].classList.remove('selected'); });
}

function closeDetail() {
  state.open = null;
  document.getElementById('detail').classList.add('hidden');
  document.body.classList.remove('panel-open');
  syncStickyHeader();
  clearSelection();
  history.replaceState(null, '', '#');
}

// The matrix header sticks just under the filter bar, whose height changes as it wraps.
function syncStickyHeader() {
  var bar = document.querySelector('.filters');
  document.documentElement.style.setProperty('--filters-h', bar.offsetHeight + 'px');
}

drawSummary();
drawFilters();
drawMatrix();
applyFilters();
syncStickyHeader();
window.addEventListener('resize', syncStickyHeader);
document.addEventListener('keydown', function (e) { if (e.key === 'Escape' && state.open) closeDetail(); });
var m = /^#cell=(\d+)\.(\d+)\.(\d+)$/.exec(location.hash);
if (m) openDetail(Number(m[1]), Number(m[2]), Number(m[3]));
document.documentElement.setAttribute('data-ready', String(Math.round(performance.now())));
})();
`;
