// index.html's script (a browser module, bundled by html-script.ts into the page): draws the
// summary, filters, the matrix and the detail panel from the embedded ReportView JSON.
// Every string from the report goes into the page through textContent (never innerHTML),
// so markup a server wrote shows as text and never runs.
import { keywordLabel } from '../catalogue/source-citations.js';
import type { ReportView } from './html-view.js';
import { CATALOGUE_ONLY } from './spec-status.js';
import type { Evidence, RunMetadata, Verdict } from './schema.js';
import type { VerdictCounts } from './summary.js';
import { thresholdsText } from './text.js';

function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`index.html has no #${id}`);
  return found as T;
}

const data = JSON.parse(byId('report-data').textContent ?? '') as ReportView;
const KIND: Record<Evidence['kind'], string> = {
  screen: 'Screen',
  'model-request': 'Model request',
  'server-journal': 'Server received',
  trap: 'Trap received',
  file: 'File',
  process: 'Process',
  note: 'Note',
};
type Cell = readonly [group: number, row: number, host: number];
const state: { verdicts: Partial<Record<Verdict, boolean>>; group: string; text: string; open: Cell | null } = {
  verdicts: {},
  group: '',
  text: '',
  open: null,
};
const cellButtons = new Map<string, HTMLButtonElement>();
const cellKey = (gi: number, ri: number, hi: number): string => `${gi}.${ri}.${hi}`;

/** Control characters show as \xNN, never act on the page. */
function visible(s: unknown): string {
  return String(s).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, (c) => `\\x${`0${c.charCodeAt(0).toString(16)}`.slice(-2)}`);
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls?: string, text?: unknown): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = visible(text);
  return e;
}

function add<P extends Node>(parent: P, ...children: (Node | null | undefined)[]): P {
  for (const child of children) if (child) parent.appendChild(child);
  return parent;
}

function badge(verdict: Verdict, count?: number): HTMLSpanElement {
  return el('span', `v v-${verdict}`, count === undefined ? verdict : `${count} ${verdict}`);
}

function countsLine(counts: VerdictCounts): HTMLSpanElement {
  const line = el('span', 'counts');
  for (const v of data.verdicts) if (counts[v] > 0) add(line, badge(v, counts[v]));
  if (!line.firstChild) add(line, el('span', 'v v-none', 'no checks'));
  return line;
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

const META_ROWS: [string, (r: RunMetadata) => string][] = [
  ['Host', (r) => r.host.name],
  ['Version', (r) => r.host.version || '—'],
  ['Profile', (r) => r.host.profile || '—'],
  ['Declared absent', (r) => (r.host.declaredAbsent || []).join(', ') || '—'],
  ['Suite', (r) => r.suite.version + (r.suite.revision ? ` @ ${r.suite.revision}` : '')],
  ['Catalogue revision', (r) => r.catalogueRevision],
  ['Node', (r) => r.node],
  ['OS', (r) => r.os],
  ['Started', (r) => r.startedAt],
  ['Ended', (r) => r.endedAt],
  [
    'Duration',
    (r) => {
      const d = Date.parse(r.endedAt) - Date.parse(r.startedAt);
      return Number.isNaN(d) ? '—' : seconds(d);
    },
  ],
  ['Shard', (r) => r.shard || '—'],
  ['Required by', (r) => r.requiredBy || 'catalogue'],
  ['Tiers', (r) => (r.tiers || []).join(', ') || 'all'],
  ['MCP revision offered', (r) => r.protocol || "each scenario's own (the host chose)"],
  ['Command', (r) => r.command],
];

function drawSummary(): void {
  const cards = byId('cards');
  for (const h of data.hosts) {
    const total = data.verdicts.reduce((s, v) => s + h.totals[v], 0);
    const tiers = (h.tiers || []).map((t) => add(el('div', 'tier'), el('span', 'muted', `${t.title}: `), countsLine(t.counts)));
    add(cards, add(el('div', 'card'), el('div', 'name', h.label), countsLine(h.totals), el('div', 'muted', `${total} checks`), ...tiers));
  }
  const table = byId('meta-table');
  const head = add(el('tr'), el('th', '', ''));
  for (const h of data.hosts) add(head, el('th', '', h.label));
  add(table, head);
  for (const [label, value] of META_ROWS) {
    const tr = add(el('tr'), el('th', '', label));
    for (const h of data.hosts) add(tr, el('td', '', value(h.run)));
    add(table, tr);
  }
  byId('generated').textContent = `Generated ${data.generatedAt}`;
}

function drawFilters(): void {
  const box = byId('verdict-filters');
  for (const v of data.verdicts) {
    const total = data.hosts.reduce((s, h) => s + h.totals[v], 0);
    const b = el('button', `v vf v-${v}`, `${v} (${total})`);
    b.type = 'button';
    b.setAttribute('data-verdict', v);
    b.setAttribute('aria-pressed', 'false');
    b.addEventListener('click', () => {
      state.verdicts[v] = !state.verdicts[v];
      b.setAttribute('aria-pressed', String(!!state.verdicts[v]));
      applyFilters();
    });
    add(box, b);
  }
  const select = byId<HTMLSelectElement>('group-filter');
  for (const g of data.groups) {
    const o = el('option', '', g.name);
    o.value = g.name;
    add(select, o);
  }
  select.addEventListener('change', () => {
    state.group = select.value;
    applyFilters();
  });
  const search = byId<HTMLInputElement>('text-filter');
  search.addEventListener('input', () => {
    state.text = search.value.toLowerCase();
    applyFilters();
  });
  byId('clear-filters').addEventListener('click', () => {
    state.verdicts = {};
    state.group = '';
    state.text = '';
    select.value = '';
    search.value = '';
    box.querySelectorAll('button').forEach((b) => b.setAttribute('aria-pressed', 'false'));
    applyFilters();
  });
}

function drawMatrix(): void {
  const table = byId('matrix');
  const cols = add(el('colgroup'), el('col', 'c-id'), el('col', 'c-gids'));
  data.hosts.forEach(() => add(cols, el('col', 'c-host')));
  add(table, cols);
  const head = add(el('tr'), el('th', '', 'Check'), el('th', '', 'Guarantees'));
  for (const h of data.hosts) add(head, el('th', '', h.label));
  add(table, add(el('thead'), head));
  data.groups.forEach((group, gi) => {
    const body = el('tbody');
    body.setAttribute('data-group', String(gi));
    const gh = add(el('tr', 'group'), add(el('th', '', `${group.name} `), el('span', 'muted', `(${group.rows.length})`)), el('th'));
    for (const t of group.totals) add(gh, add(el('th'), countsLine(t)));
    add(body, gh);
    group.rows.forEach((row, ri) => {
      const asked = row.guarantees.some((id) => data.guarantees[id]?.spec.kind === 'spec');
      const tr = add(
        el('tr', 'check'),
        el('td', 'id', row.id),
        add(el('td', 'gids', `${row.guarantees.join(', ')} · ${row.level}`), asked ? el('span', 'spec', 'spec') : null),
      );
      // Typing "spec" in the filter shows the checks of guarantees the specification asks.
      tr.setAttribute('data-search', `${row.id} ${row.guarantees.join(' ')}${asked ? ' spec' : ''}`.toLowerCase());
      row.cells.forEach((cell, hi) => {
        const td = el('td');
        if (cell) {
          const b = el('button', `v cell v-${cell.verdict}`, cell.verdict);
          b.type = 'button';
          b.setAttribute('data-verdict', cell.verdict);
          b.setAttribute('aria-label', `${row.id} on ${data.hosts[hi]?.label ?? ''}: ${cell.verdict}`);
          b.title = cell.verdict;
          b.addEventListener('click', () => openDetail(gi, ri, hi));
          cellButtons.set(cellKey(gi, ri, hi), b);
          add(td, b);
        } else add(td, el('span', 'v v-none', 'not run'));
        add(tr, td);
      });
      add(body, tr);
    });
    add(table, body);
  });
}

function applyFilters(): void {
  const wanted = data.verdicts.filter((v) => state.verdicts[v]);
  let shown = 0;
  let total = 0;
  document.querySelectorAll<HTMLElement>('#matrix tbody').forEach((body) => {
    const group = data.groups[Number(body.getAttribute('data-group'))];
    const groupOn = !state.group || group?.name === state.group;
    let any = false;
    body.querySelectorAll<HTMLElement>('tr.check').forEach((tr) => {
      total++;
      let match = wanted.length === 0;
      tr.querySelectorAll<HTMLElement>('button.cell').forEach((b) => {
        const hit = wanted.length === 0 || wanted.includes(b.getAttribute('data-verdict') as Verdict);
        b.classList.toggle('dim', !hit);
        if (hit) match = true;
      });
      const on = groupOn && match && (!state.text || (tr.getAttribute('data-search') ?? '').includes(state.text));
      tr.classList.toggle('hidden', !on);
      if (on) {
        shown++;
        any = true;
      }
    });
    body.classList.toggle('hidden', !any);
  });
  byId('shown').textContent = `Showing ${shown} of ${total} checks`;
}

const section = (title: string): HTMLHeadingElement => el('h3', '', title);
const pre = (text: string): HTMLPreElement => el('pre', '', text);

function openDetail(gi: number, ri: number, hi: number): void {
  const row = data.groups[gi]?.rows[ri];
  const check = row?.cells[hi];
  const host = data.hosts[hi];
  if (!check || !host) return;
  state.open = [gi, ri, hi];
  clearSelection();
  const panel = byId('detail');
  panel.textContent = '';
  const close = el('button', 'close', '×');
  close.type = 'button';
  close.setAttribute('aria-label', 'Close');
  close.addEventListener('click', closeDetail);
  add(panel, close, el('h2', 'title', check.id));
  const dl = el('dl');
  add(dl, el('dt', '', 'Host'), el('dd', '', host.label));
  add(dl, el('dt', '', 'Verdict'), add(el('dd'), badge(check.verdict)));
  add(dl, el('dt', '', 'Level'), el('dd', '', check.level));
  add(dl, el('dt', '', 'Scenario'), el('dd', '', check.scenario));
  add(dl, el('dt', '', 'Duration'), el('dd', '', seconds(check.durationMs)));
  const thresholds = thresholdsText(check.thresholds);
  if (thresholds !== null) add(dl, el('dt', '', 'Thresholds'), el('dd', '', thresholds));
  if (check.revisions) add(dl, el('dt', '', 'MCP revision used'), el('dd', '', check.revisions.join(', ')));
  add(panel, dl, section('Requirement'));
  for (const id of check.guarantees) {
    const g = data.guarantees[id];
    const req = add(el('div', 'req'), el('b', '', id + (g ? ` ${g.level}` : '')));
    add(req, document.createTextNode(g ? visible(g.text) : '(not in the catalogue)'));
    add(panel, req);
    if (g) add(panel, sourcesOf(g));
  }
  const eo = add(
    el('div', 'eo'),
    add(el('div', 'expected'), section('Expected'), pre(check.expected)),
    add(el('div', 'observed'), section('Observed'), pre(check.observed)),
  );
  add(panel, eo);
  // A FLAKY check: each run's own verdict, observation and evidence, in the order run.
  if (check.runs) {
    check.runs.forEach((run, i) => {
      const title = add(el('h3', '', `Run ${i + 1}: `), badge(run.verdict), el('span', 'muted', ` ${seconds(run.durationMs)}`));
      add(panel, add(el('div', 'run'), title, pre(run.observed), ...evidenceOf(run.evidence)));
    });
  } else add(panel, ...evidenceOf(check.evidence));
  add(panel, section('Rerun'), pre(check.rerun));
  panel.classList.remove('hidden');
  document.body.classList.add('panel-open');
  syncStickyHeader();
  cellButtons.get(cellKey(gi, ri, hi))?.classList.add('selected');
  history.replaceState(null, '', `#cell=${cellKey(gi, ri, hi)}`);
}

/** The numbered evidence under its heading, or a line saying there is none. */
function evidenceOf(evidence: readonly Evidence[]): Node[] {
  if (!evidence.length) return [section('Evidence (0)'), el('p', 'muted', 'No evidence recorded.')];
  const list = el('ol', 'evidence');
  for (const e of evidence) add(list, add(el('li'), el('span', 'kind', KIND[e.kind] ?? e.kind), el('span', 'src', e.source), pre(e.excerpt)));
  return [section(`Evidence (${evidence.length})`), list];
}

/** Where a guarantee comes from: the specification's sentences (or that it asks none), then the seed passage. */
function sourcesOf(g: ReportView['guarantees'][string]): HTMLDivElement {
  const box = el('div', 'sources');
  if (g.spec.kind === 'catalogue') add(box, el('p', 'own', `Not required by the MCP specification: ${CATALOGUE_ONLY}.`));
  if (g.spec.kind === 'spec') {
    for (const c of g.spec.citations) {
      const p = add(el('p', 'asked'), el('b', '', `MCP specification, ${keywordLabel(c)}: `), document.createTextNode(visible(`“${c.quote}”`)));
      for (const place of c.places) add(p, el('span', 'place', `${place.revision} ${place.section}: ${place.url}`));
      if (c.beyond) add(p, el('span', 'beyond', `The guarantee asks more: ${c.beyond}.`));
      add(box, p);
    }
  }
  if (g.seed) {
    const [from, to] = g.seed.where.lines;
    add(
      box,
      add(
        el('p', 'seed'),
        el('b', '', `Seed ${g.seed.doc}, ${g.seed.where.section}, ${from === to ? `line ${from}` : `lines ${from}–${to}`}: `),
        document.createTextNode(visible(`「${g.seed.quote}」 (${g.seed.gloss})`)),
      ),
    );
  }
  return box;
}

function clearSelection(): void {
  for (const b of cellButtons.values()) b.classList.remove('selected');
}

function closeDetail(): void {
  state.open = null;
  byId('detail').classList.add('hidden');
  document.body.classList.remove('panel-open');
  syncStickyHeader();
  clearSelection();
  history.replaceState(null, '', '#');
}

// The matrix header sticks just under the filter bar, whose height changes as it wraps.
function syncStickyHeader(): void {
  const bar = document.querySelector<HTMLElement>('.filters');
  document.documentElement.style.setProperty('--filters-h', `${bar?.offsetHeight ?? 0}px`);
}

drawSummary();
drawFilters();
drawMatrix();
applyFilters();
syncStickyHeader();
window.addEventListener('resize', syncStickyHeader);
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape' && state.open) closeDetail();
});
const linked = /^#cell=(\d+)\.(\d+)\.(\d+)$/.exec(location.hash);
if (linked) openDetail(Number(linked[1]), Number(linked[2]), Number(linked[3]));
document.documentElement.setAttribute('data-ready', String(Math.round(performance.now())));
