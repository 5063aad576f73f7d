import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import type { JournalEntry } from '../../fake-servers/mcp/journal.js';
import type { TrapHit } from '../../fake-servers/mcp/trap.js';
import type { ModelRequestRecord } from '../../fake-servers/model/mock-model.js';
import { ScreenCapture } from '../adapters/screen-capture.js';
import { credentialChannels } from '../sandbox/canaries.js';
import { createSandbox, type Sandbox } from '../sandbox/sandbox.js';
import type { ServerObservation } from '../scenario/observations.js';
import { scanRun, type RunScanSources } from './canary-scan.js';

let sandbox: Sandbox | undefined;
afterEach(() => sandbox?.cleanup());

const stamp = { seq: 0, t: 0, mono: 0 };
const server = (name: string, journal: JournalEntry[]): ServerObservation => ({ name, transport: 'http', destination: 'x', journal });
const nothing = (s: Sandbox): RunScanSources => ({ sandbox: s, screens: [], modelRequests: [], modelSideCalls: [], servers: {}, trapHits: [], processes: [] });
const where = (src: RunScanSources) =>
  scanRun(src)
    .sightings.filter((s) => !s.allowed)
    .map((s) => [s.canary, s.channel, s.form]);

describe('the canary scan of a run', () => {
  test("searches the model request's query, a server's request body and start record, the trap's body, and a process's command line", () => {
    sandbox = createSandbox('unit');
    const docs = sandbox.canaries.mint('server "docs" header Authorization', credentialChannels('docs', []));
    const token = sandbox.baseEnv().GITHUB_TOKEN ?? '';
    const model = {
      index: 0,
      method: 'POST',
      path: '/v1/responses',
      search: `?key=${encodeURIComponent(docs.value)}`,
      headers: {},
      body: {},
    } as ModelRequestRecord;
    const request: JournalEntry = {
      ...stamp,
      kind: 'http-request',
      connection: 1,
      method: 'POST',
      path: '/mcp',
      headers: {},
      body: JSON.stringify({ params: { arguments: { q: docs.value } } }),
    };
    const start: JournalEntry = { ...stamp, kind: 'start', argv: ['node'], cwd: '/', env: { GITHUB_TOKEN: token }, pid: 7, pgid: 7, ppid: 5, childPid: null };
    const trap: TrapHit = {
      trap: 'scenario',
      method: 'POST',
      path: '/token',
      headers: {},
      body: new URLSearchParams({ client_secret: docs.value }).toString(),
      bodyDropped: 0,
      mono: 0,
    };
    const child = {
      pid: 9,
      ppid: 5,
      pgid: 5,
      sid: 5,
      state: 'S',
      start: 1,
      cmdline: ['curl', '-H', `Authorization: ${docs.value}`],
      env: {},
      moment: 'approval #1 shown',
      role: 'host',
    };
    const src = {
      ...nothing(sandbox),
      modelRequests: [model],
      servers: { other: server('other', [request]), notes: server('notes', [start]) },
      trapHits: [trap],
      processes: [child],
    };
    expect(where(src)).toEqual(
      expect.arrayContaining([
        [docs.label, 'model-url', 'percent'],
        [docs.label, 'server:other', 'json'],
        ['host environment GITHUB_TOKEN', 'server:notes', 'raw'],
        [docs.label, 'trap', 'form'],
        [docs.label, 'cmdline:host', 'raw'],
      ]),
    );
  });

  test("searches a model side call's body and headers: a secret sent in a title or count request is still sent", () => {
    sandbox = createSandbox('unit');
    const docs = sandbox.canaries.mint('server "docs" header Authorization', credentialChannels('docs', []));
    const side = {
      index: 0,
      method: 'POST',
      path: '/v1/messages/count_tokens',
      search: '',
      headers: { 'x-api-key': docs.value },
      body: { messages: [{ role: 'user', content: docs.value }] },
      side: 'token count',
    } as unknown as ModelRequestRecord;
    const sightings = scanRun({ ...nothing(sandbox), modelSideCalls: [side] }).sightings.filter((s) => !s.allowed);
    expect(sightings.map((s) => [s.channel, s.source])).toEqual(
      expect.arrayContaining([
        ['model-request', 'model side call #1'],
        ['model-headers', 'model side call #1 headers'],
      ]),
    );
  });

  test('reads files whole and in any number: a secret past 256 KiB of a log, or in the 600th file, is found', () => {
    sandbox = createSandbox('unit');
    const docs = sandbox.canaries.mint('server "docs" header Authorization', credentialChannels('docs', []));
    writeFileSync(join(sandbox.stateHome, 'big.log'), `${'x'.repeat(3 * 1024 * 1024)}${Buffer.from(docs.value).toString('hex')}`);
    mkdirSync(join(sandbox.cacheHome, 'many'));
    for (let i = 0; i < 600; i++) writeFileSync(join(sandbox.cacheHome, 'many', `f${String(i).padStart(3, '0')}`), i === 599 ? docs.value : 'nothing');
    expect(where(nothing(sandbox))).toEqual([
      [docs.label, 'file:$XDG_CACHE_HOME/many/f599', 'raw'],
      [docs.label, 'file:$XDG_STATE_HOME/big.log', 'hex'],
    ]);
  });

  test('the screen is scanned through the taps, past the capture cap', () => {
    sandbox = createSandbox('unit');
    const docs = sandbox.canaries.mint('server "docs" header Authorization', credentialChannels('docs', []));
    const capture = new ScreenCapture(1000, sandbox.screenScan.tap());
    capture.append('stdout', 'y'.repeat(5000));
    capture.append('stdout', `debug ${docs.value}`);
    const src = { ...nothing(sandbox), screens: [{ source: 'host session #1', screen: capture.text() }] };
    expect([capture.text().truncated, where(src), scanRun(src).gaps]).toEqual([true, [[docs.label, 'screen', 'raw']], []]);
  });

  test('an untapped screen past its cap, a trap body past its cap and an unreadable environment are gaps', () => {
    sandbox = createSandbox('unit');
    const screen = { all: 'kept', stdout: 'kept', stderr: '', truncated: true };
    const trap: TrapHit = { trap: 'scenario', method: 'POST', path: '/x', headers: {}, body: '', bodyDropped: 10, mono: 0 };
    const hidden = {
      pid: 9,
      ppid: 5,
      pgid: 5,
      sid: 5,
      state: 'S',
      start: 1,
      cmdline: ['x'],
      env: {},
      envUnreadable: true as const,
      moment: 'end of the user script',
      role: 'host',
    };
    const gaps = scanRun({ ...nothing(sandbox), screens: [{ source: 'host session #1', screen }], trapHits: [trap], processes: [hidden] }).gaps;
    expect(gaps.map((g) => g.channel)).toEqual(['screen', 'trap', 'process:host']);
  });

  test('a process that exited mid-scan (its environment gone, not refused) is no gap, and a canary on its command line is still seen', () => {
    sandbox = createSandbox('unit');
    const docs = sandbox.canaries.mint('server "docs" header Authorization', credentialChannels('docs', []));
    const exiting = {
      pid: 9,
      ppid: 5,
      pgid: 5,
      sid: 5,
      state: 'R',
      start: 1,
      cmdline: ['curl', '-H', `Authorization: ${docs.value}`],
      env: {},
      moment: 'periodic snapshot',
      role: 'host',
    };
    const src = { ...nothing(sandbox), processes: [exiting] };
    expect([where(src), scanRun(src).gaps]).toEqual([[[docs.label, 'cmdline:host', 'raw']], []]);
  });

  test('a process whose environment was read in another snapshot is no gap', () => {
    sandbox = createSandbox('unit');
    const seen = { pid: 9, ppid: 5, pgid: 5, sid: 5, state: 'S', start: 1, cmdline: ['x'], env: { A: '1' }, moment: 'periodic snapshot', role: 'host' };
    const refused = { ...seen, env: {}, envUnreadable: true as const, moment: 'end of the user script' };
    const reused = { ...refused, start: 2 };
    expect(scanRun({ ...nothing(sandbox), processes: [seen, refused] }).gaps).toEqual([]);
    expect(scanRun({ ...nothing(sandbox), processes: [seen, reused] }).gaps.map((g) => g.channel)).toEqual(['process:host']);
  });
});
