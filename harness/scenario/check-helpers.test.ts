import { describe, expect, test } from 'vitest';
import {
  approvalShownBeforeSending,
  canaryAbsentEverywhere,
  approvalsShown,
  chatGoesOn,
  discoveredBeforeFirstQuestion,
  modelSawStatus,
  modelSawStatuses,
  namesWord,
  nothingLeftRunning,
  reportedUnavailable,
  serverGotNoRequestOn,
  serverGotToolCalls,
  showsCommandLine,
  stdioEnvHolds,
  stdioEnvOnly,
  stdioOwnGroup,
  stderrDiscarded,
  trapUntouched,
  onLegacyRevision,
} from './check-helpers.js';
import {
  approval,
  entry,
  exit,
  httpRequest,
  modelRequest,
  observations,
  outcome,
  output,
  request,
  screen,
  server,
  start,
  stoppedAt,
} from './test-fixtures/observations.js';
import { notReached, pass } from './evidence.js';
import type { JournalEntry } from '../../fake-servers/mcp/journal.js';
import { CanaryRegistry, scanCanaries, type ScanGap, type ScanItem } from '../sandbox/canaries.js';
import { mintHostSecrets } from '../sandbox/host-env.js';
import type { Observations } from './observations.js';
const call = (mono: number) => request('tools/call', mono, mono);

describe('showsCommandLine', () => {
  test('holds when the command and every argument appear in order, with any quoting between', () => {
    expect(showsCommandLine('from "node" "server.js" --port 9', 'node server.js --port 9')).toBe(true);
  });

  test('fails for the command alone and for arguments out of order', () => {
    expect(showsCommandLine('from node', 'node server.js --port 9')).toBe(false);
    expect(showsCommandLine('node --port 9 server.js', 'node server.js --port 9')).toBe(false);
  });
});

describe('APPROVE-1 on the timeline', () => {
  test('each call after its own approval passes', () => {
    const obs = observations({ approvals: [approval('approve', 10, 20), approval('approve', 30, 40)], servers: server('docs', [call(25), call(45)]) });
    expect(approvalShownBeforeSending('docs', 1)(obs).verdict).toBe('PASS');
  });

  test('asking for both calls before sending either passes', () => {
    const obs = observations({ approvals: [approval('approve', 10, 20), approval('approve', 21, 30)], servers: server('docs', [call(31), call(32)]) });
    expect(approvalShownBeforeSending('docs', 1)(obs).verdict).toBe('PASS');
  });

  test('a call sent while its question is on screen fails, although the snapshot at display time saw nothing', () => {
    const obs = observations({ approvals: [approval('approve', 10, 50)], servers: server('docs', [call(15)]) });
    expect(approvalShownBeforeSending('docs', 0)(obs)).toMatchObject({ verdict: 'FAIL', observed: expect.stringContaining('before it was approved') });
  });

  test('a second call sent after a denial fails', () => {
    const obs = observations({ approvals: [approval('approve', 10, 20), approval('deny', 30, 40)], servers: server('docs', [call(25), call(35)]) });
    expect(approvalShownBeforeSending('docs', 1)(obs).verdict).toBe('FAIL');
  });

  test("a call after an earlier empty answer the host took as approval is that answer's (charged by its own checks), not the next request's", () => {
    const obs = observations({ approvals: [approval('empty', 10, 20), approval('deny', 30, 40)], servers: server('docs', [call(25)]) });
    expect(approvalShownBeforeSending('docs', 1)(obs).verdict).toBe('PASS');
    const twice = observations({ approvals: [approval('empty', 10, 20), approval('deny', 30, 40)], servers: server('docs', [call(25), call(31)]) });
    expect(approvalShownBeforeSending('docs', 1)(twice).verdict).toBe('FAIL');
  });

  test('calls with no approval shown fail; nothing at all is not reached', () => {
    expect(approvalShownBeforeSending('docs', 0)(observations({ servers: server('docs', [call(5)]) })).verdict).toBe('FAIL');
    expect(approvalShownBeforeSending('docs', 0)(observations({ servers: server('docs', []) })).reached).toBe(false);
  });
});

describe('absence checks need their precondition', () => {
  test('no call sent means nothing when the host never had one to decide on', () => {
    expect(serverGotToolCalls('docs', 0)(observations({ servers: server('docs', []) })).reached).toBe(false);
    expect(serverGotToolCalls('docs', 0)(observations({ servers: server('docs', []), approvals: [approval('deny', 1, 2)] })).verdict).toBe('PASS');
    expect(serverGotToolCalls('docs', 0)(observations({ servers: server('docs', [call(3)]), approvals: [approval('deny', 1, 2)] })).verdict).toBe('FAIL');
  });

  test('nothing sent proves the refusals only once every answer was given (not when an answer could not be carried)', () => {
    const stopped = { completed: 2, stoppedAt: { step: 3, what: 'approval', reason: 'the protocol cannot carry "yellow"', undrivable: true as const } };
    expect(serverGotToolCalls('docs', 0)(observations({ servers: server('docs', []), approvals: [approval('deny', 1, 2)], script: stopped })).reached).toBe(
      false,
    );
  });

  test('an input_required continuation is the same call, a blind repeat is a second one (UNKNOWN-1 on 2026-07-28)', () => {
    const approved = { approvals: [approval('approve', 1, 2)] };
    const first = request('tools/call', 7, 5, { name: 'search' });
    const asked = entry('jsonrpc-out', { jsonrpc: '2.0', id: 7, result: { resultType: 'input_required', inputRequests: { a: {} } } });
    const continued = request('tools/call', 8, 9, { name: 'search', inputResponses: { a: {} } });
    const got = (...journal: JournalEntry[]) => serverGotToolCalls('docs', 1)(observations({ servers: server('docs', journal), ...approved })).verdict;
    expect(got(first, asked, continued)).toBe('PASS');
    expect(got(first, asked, continued, request('tools/call', 9, 10, { name: 'search', inputResponses: { a: {} } }))).toBe('FAIL');
    expect(got(first, continued)).toBe('FAIL');
  });

  test("a continuation counts as a call unless it answers that call's input requests: another tool's, or one missing a request, is a call", () => {
    const approved = { approvals: [approval('approve', 1, 2)] };
    const first = request('tools/call', 7, 5, { name: 'search' });
    const asked = entry('jsonrpc-out', { jsonrpc: '2.0', id: 7, result: { resultType: 'input_required', inputRequests: { a: {}, b: {} } } });
    const got = (...journal: JournalEntry[]) => serverGotToolCalls('docs', 1)(observations({ servers: server('docs', journal), ...approved })).verdict;
    expect(got(first, asked, request('tools/call', 8, 9, { name: 'search', inputResponses: { a: {}, b: {} } }))).toBe('PASS');
    expect(got(first, asked, request('tools/call', 8, 9, { name: 'fetch', inputResponses: { a: {}, b: {} } }))).toBe('FAIL');
    expect(got(first, asked, request('tools/call', 8, 9, { name: 'search', inputResponses: { a: {} } }))).toBe('FAIL');
  });

  test('an untouched trap means nothing until the host reached the model', () => {
    expect(trapUntouched()(observations()).reached).toBe(false);
    expect(trapUntouched()(observations({ modelRequests: [modelRequest(0)] })).verdict).toBe('PASS');
    expect(trapUntouched()(observations({ trapHits: [{ trap: 'scenario', method: 'GET', path: '/x' } as never] })).verdict).toBe('FAIL');
  });

  test('a hit on the decoy trap is charged to the decoy concern only, not to the scenario trap', () => {
    const decoyHit = observations({ modelRequests: [modelRequest(0)], trapHits: [{ trap: 'decoy', method: 'POST', path: '/trap' } as never] });
    expect(trapUntouched()(decoyHit).verdict).toBe('PASS');
    expect(trapUntouched('decoy')(decoyHit).verdict).toBe('FAIL');
  });
});

describe('statuses the model received', () => {
  const outputs = (...statuses: string[]) =>
    observations({
      toolOutputs: statuses.map((status, i) => ({ request: i, api: 'responses' as const, callId: `c${i}`, output: '', text: '', status: status as never })),
    });
  test('exactly these, in order; or only the first ones when asked so', () => {
    expect(modelSawStatuses(['completed', 'denied'])(outputs('completed', 'denied')).verdict).toBe('PASS');
    expect(modelSawStatuses(['completed'])(outputs('completed', 'denied')).verdict).toBe('FAIL');
    expect(modelSawStatuses(['completed'], { first: true })(outputs('completed', 'denied')).verdict).toBe('PASS');
    expect(modelSawStatuses(['completed', 'completed'])(outputs('completed')).reached).toBe(false);
  });
});

function withStart(env: Record<string, string> | null): Observations {
  const registry = new CanaryRegistry();
  mintHostSecrets(registry);
  const start: JournalEntry = { seq: 0, t: 0, mono: 0, kind: 'start', argv: ['node'], cwd: '/', env: env ?? {}, pid: 20, pgid: 20, ppid: 10, childPid: null };
  const journal = env === null ? [] : [start];
  return {
    script: { completed: 2, stoppedAt: null },
    screen: { all: '', stdout: '', stderr: '', truncated: false },
    canaries: registry.all(),
    servers: { local: { name: 'local', transport: 'stdio', destination: 'node', journal } },
  } as unknown as Observations;
}

describe('stdioEnvOnly', () => {
  test('passes a server started with PATH, HOME, LANG and its configured variables only', () => {
    expect(stdioEnvOnly('local', ['NOTES_TOKEN'])(withStart({ PATH: '/bin', HOME: '/h', LANG: 'C.UTF-8', NOTES_TOKEN: 'x' })).verdict).toBe('PASS');
  });

  test("fails a server given TERM and the host's GITHUB_TOKEN, naming the secret as the host's", () => {
    const grade = stdioEnvOnly('local', ['NOTES_TOKEN'])(withStart({ PATH: '/bin', HOME: '/h', NOTES_TOKEN: 'x', TERM: 'xterm-256color', GITHUB_TOKEN: 'y' }));
    expect(`${grade.verdict}: ${grade.observed}`).toBe("FAIL: unexpected variables: GITHUB_TOKEN TERM (the host's own secrets among them: GITHUB_TOKEN)");
  });

  test('is not reached when the server never started', () => {
    expect(stdioEnvOnly('local', [])(withStart(null)).observed).toMatch(/^not reached: stdio server local never started/);
  });
});

describe('stdioEnvHolds', () => {
  test('passes when a configured LANG arrives as configured', () => {
    expect(stdioEnvHolds('local', { LANG: 'en_GB.UTF-8' })(withStart({ PATH: '/bin', LANG: 'en_GB.UTF-8' })).verdict).toBe('PASS');
  });

  test("fails when the host's own LANG replaced the configured one, and when it is missing", () => {
    const replaced = stdioEnvHolds('local', { LANG: 'en_GB.UTF-8' })(withStart({ PATH: '/bin', LANG: 'C.UTF-8' }));
    expect(`${replaced.verdict}: ${replaced.observed}`).toBe('FAIL: configured LANG="en_GB.UTF-8", the server got LANG="C.UTF-8"');
    expect(stdioEnvHolds('local', { LANG: 'en_GB.UTF-8' })(withStart({ PATH: '/bin' })).observed).toBe(
      'configured LANG="en_GB.UTF-8", the server got LANG=null',
    );
  });

  test('is not reached when the server never started', () => {
    expect(stdioEnvHolds('local', { LANG: 'x' })(withStart(null)).observed).toMatch(/^not reached: stdio server local never started/);
  });
});

describe('serverGotToolCalls', () => {
  test('passes the expected count, fails one more or one fewer', () => {
    const obs = (n: number) =>
      observations({
        approvals: [approval('approve', 1, 2)],
        servers: server(
          'docs',
          Array.from({ length: n }, (_, i) => call(10 + i)),
        ),
      });
    expect(outcome(serverGotToolCalls('docs', 2)(obs(2)))).toBe('PASS');
    expect(serverGotToolCalls('docs', 2)(obs(3)).observed).toBe('server docs received 3 tools/call, expected 2');
    expect(outcome(serverGotToolCalls('docs', 2)(obs(1)))).toBe('FAIL');
  });

  test('an outcome the model received is enough to make an absence mean something', () => {
    expect(outcome(serverGotToolCalls('docs', 0)(observations({ servers: server('docs', []), toolOutputs: [output(1, 'denied')] })))).toBe('PASS');
  });
});

describe('approvalShownBeforeSending', () => {
  test('a resource read sent before its approval counts like a call', () => {
    const obs = observations({ approvals: [approval('approve', 10, 50)], servers: server('docs', [request('resources/read', 1, 20)]) });
    expect(outcome(approvalShownBeforeSending('docs', 0)(obs))).toBe('FAIL');
  });

  test("a call after a denial answered later is not this check's business (serverGotToolCalls grades it)", () => {
    const obs = observations({ approvals: [approval('deny', 10, 20)], servers: server('docs', [call(30)]) });
    expect(outcome(approvalShownBeforeSending('docs', 0)(obs))).toBe('PASS');
  });
});

describe('approvalsShown', () => {
  const shown = (n: number, script = observations().script) =>
    observations({ script, approvals: Array.from({ length: n }, (_, i) => approval('approve', i, i)) });
  test('passes exactly that many approval requests', () => {
    expect(outcome(approvalsShown(2)(shown(2)))).toBe('PASS');
  });

  test('fails one more, and fewer when the script ran to its end (the host went on without asking)', () => {
    expect(approvalsShown(2)(shown(3)).observed).toBe('3 approval request(s) shown, expected 2');
    expect(outcome(approvalsShown(2)(shown(1)))).toBe('FAIL');
  });

  test('is not reached when the script stopped before the next request could be shown', () => {
    expect(approvalsShown(2)(shown(1, stoppedAt(2)))).toMatchObject({
      reached: false,
      observed: expect.stringMatching(/^not reached: approval request #2 of 2/),
    });
  });

  test('the request never happened (owed, FAIL) once the host sent more calls than it asked about', () => {
    const unasked = observations({ script: stoppedAt(2), approvals: [], servers: server('docs', [call(10), call(20)]) });
    const g = approvalsShown(2)(unasked);
    expect(outcome(g)).toBe('NEVER-HAPPENED');
    expect(g.observed).toMatch(/^never happened: approval request #1 of 2, owed since the host sent 2 call\(s\) having asked about 0/);
    const sticky = observations({ script: stoppedAt(3), approvals: [approval('approve', 1, 2)], servers: server('docs', [call(10), call(20)]) });
    expect(outcome(approvalsShown(3)(sticky))).toBe('NEVER-HAPPENED');
    // Each call asked about and sent: the next request is still only not reached.
    const asked = observations({ script: stoppedAt(3), approvals: [approval('approve', 1, 2)], servers: server('docs', [call(10)]) });
    expect(outcome(approvalsShown(3)(asked))).toBe('NOT-REACHED');
  });
});

describe('chatGoesOn', () => {
  const inner = () => ({ verdict: 'PASS' as const, observed: 'inner', evidence: [] });
  test('a started host that never asked the model owes the chat (DISCOVER-2/4): never happened', () => {
    const g = chatGoesOn(inner)(observations({ modelRequests: [], script: stoppedAt(1, 'no prompt within 20000 ms') }));
    expect(outcome(g)).toBe('NEVER-HAPPENED');
    expect(g.observed).toMatch(/^never happened: the chat going on beside the broken server/);
  });

  test('a host that asked the model, or never started, is graded by the check itself', () => {
    expect(chatGoesOn(inner)(observations({ modelRequests: [modelRequest(0)] })).observed).toBe('inner');
    expect(chatGoesOn(inner)(observations({ hostPid: null, modelRequests: [] })).observed).toBe('inner');
  });
});

describe('modelSawStatuses and modelSawStatus', () => {
  const outputs = (...statuses: (string | null)[]) => observations({ toolOutputs: statuses.map((s, i) => output(i, s as never, `raw-${i}`)) });
  test('the same statuses in another order fail', () => {
    expect(outcome(modelSawStatuses(['completed', 'denied'])(outputs('denied', 'completed')))).toBe('FAIL');
  });

  test('an output no status could be read from blocks the check (never PASS, never FAIL), naming its text', () => {
    const grade = modelSawStatuses(['completed'])(outputs(null));
    expect(outcome(grade)).toBe('NOT-REACHED');
    expect(grade.observed).toBe('not reached: the status of tool output #1 (call-0): the output could not be read: "raw-0"');
    expect(outcome(modelSawStatus(0, 'completed')(outputs(null)))).toBe('NOT-REACHED');
    expect(modelSawStatus(0, 'failed')(outputs(null)).observed).toBe('not reached: the status of tool output #1: the output could not be read: "raw-0"');
  });

  test('a status read and wrong beside an unreadable one is still a FAIL', () => {
    expect(modelSawStatuses(['completed', 'denied'])(outputs('failed', null)).observed).toBe(
      'the model received failed, unreadable; expected completed, denied',
    );
    expect(outcome(modelSawStatuses(['completed'])(outputs(null, 'denied')))).toBe('FAIL');
    expect(outcome(modelSawStatuses(['completed', 'denied'])(outputs('completed', null)))).toBe('NOT-REACHED');
  });

  test('the evidence shows the text the model got beside the status read from it', () => {
    const anthropic = { ...output(0, 'failed', '[{"type":"text","text":"boom"}]'), api: 'anthropic' as const, text: 'boom', isError: true };
    const [seen, sent] = modelSawStatus(0, 'failed')(observations({ toolOutputs: [anthropic] })).evidence;
    expect(seen).toMatchObject({
      source: 'model request #1 (Anthropic Messages), output of call-0: read as failed, is_error true; the text the model got',
      excerpt: 'boom',
    });
    expect(sent).toMatchObject({ source: 'model request #1, output of call-0 as sent', excerpt: '[{"type":"text","text":"boom"}]' });
  });

  test('one output: its status passes, another fails, none is not reached', () => {
    expect(outcome(modelSawStatus(1, 'unknown')(outputs('completed', 'unknown')))).toBe('PASS');
    expect(modelSawStatus(1, 'unknown')(outputs('completed', 'failed')).observed).toBe('tool output #2 has status failed, expected unknown');
    expect(outcome(modelSawStatus(1, 'unknown')(outputs('completed')))).toBe('NOT-REACHED');
  });
});

describe('discoveredBeforeFirstQuestion', () => {
  const run = (journal: ReturnType<typeof request>[], firstAt: number | null = 100) =>
    discoveredBeforeFirstQuestion('docs')(
      observations({
        servers: server('docs', journal),
        modelRequestMono: firstAt === null ? [] : [firstAt],
        modelRequests: firstAt === null ? [] : [modelRequest(0)],
      }),
    );
  test('initialize and tools/list once, before the first model request, passes', () => {
    expect(outcome(run([request('initialize', 1, 10), request('tools/list', 2, 20)]))).toBe('PASS');
  });

  test('tools/list after the first model request, never, or initialize twice fails', () => {
    expect(run([request('initialize', 1, 10), request('tools/list', 2, 150)]).observed).toMatch(/tools\/list reached docs 50 ms after the first model request/);
    expect(run([request('initialize', 1, 10)]).observed).toBe('server docs never received tools/list');
    expect(run([request('initialize', 1, 10), request('initialize', 2, 15), request('tools/list', 3, 20)]).observed).toMatch(
      /opened 2 times in one process \(initialize, initialize\)/,
    );
  });

  test('on 2026-07-28 server/discover is the opening, and a probe with its fallback initialize is one', () => {
    expect(outcome(run([request('server/discover', 1, 10), request('tools/list', 2, 20)]))).toBe('PASS');
    expect(outcome(run([request('server/discover', 1, 5), request('initialize', 2, 10), request('tools/list', 3, 20)]))).toBe('PASS');
    expect(run([request('server/discover', 1, 5), request('server/discover', 2, 10), request('tools/list', 3, 20)]).observed).toMatch(/opened 2 times/);
  });

  test('is not reached when the host never asked the model', () => {
    expect(outcome(run([request('initialize', 1, 10), request('tools/list', 2, 20)], null))).toBe('NOT-REACHED');
  });
});

describe('serverGotNoRequestOn', () => {
  const run = (...paths: string[]) =>
    serverGotNoRequestOn(
      'docs',
      '/moved',
    )(
      observations({
        servers: server(
          'docs',
          paths.map((p) => httpRequest(p)),
        ),
      }),
    );
  test("requests only on the server's own path pass", () => {
    expect(outcome(run('/mcp', '/mcp'))).toBe('PASS');
  });

  test('a request on the redirect target fails, with or without a query', () => {
    expect(run('/mcp', '/moved').observed).toBe('1 request(s) reached /moved');
    expect(outcome(run('/mcp', '/moved?session=1'))).toBe('FAIL');
  });

  test('is not reached when the server was never contacted', () => {
    expect(outcome(run())).toBe('NOT-REACHED');
  });
});

describe('reportedUnavailable', () => {
  const run = (lines: string[], unavailable: { line: string; reason: string | null }[], patterns: RegExp[] = []) =>
    reportedUnavailable('docs', patterns)(observations({ statusLines: lines, unavailable, screen: screen(lines.join('\n')) }));
  test('an unavailable line naming the server whose reason matches passes', () => {
    const line = 'docs: unavailable (401: OAuth is not supported)';
    expect(outcome(run([line], [{ line, reason: '401: OAuth is not supported' }], [/OAuth/, /401/]))).toBe('PASS');
  });

  test('the whole line is the reason when the host gives none apart', () => {
    const line = 'docs unavailable - redirect refused';
    expect(outcome(run([line], [{ line, reason: null }], [/redirect/]))).toBe('PASS');
  });

  test('no status line, one that does not say unavailable, or a reason missing a pattern fails', () => {
    expect(run([], []).observed).toBe('no status line for server docs');
    expect(run(['docs: 2 tools'], []).observed).toMatch(/does not say the server is unavailable/);
    expect(run(['docs: unavailable (timeout)'], [{ line: 'docs: unavailable (timeout)', reason: 'timeout' }], [/OAuth/]).observed).toMatch(
      /the reason "timeout" does not match \/OAuth\//,
    );
  });

  test('a line about another server whose name holds this one is not its status line', () => {
    expect(run(['docs-2: unavailable'], [{ line: 'docs-2: unavailable', reason: null }]).observed).toBe('no status line for server docs');
    expect(namesWord('mydocs: ok', 'docs')).toBe(false);
    expect(namesWord('[docs] ok', 'docs')).toBe(true);
  });
});

describe('trapUntouched', () => {
  test('a hit fails even when the host never reached the model', () => {
    expect(
      outcome(trapUntouched()(observations({ trapHits: [{ trap: 'scenario', method: 'GET', path: '/.well-known/oauth-protected-resource' } as never] }))),
    ).toBe('FAIL');
  });
});

describe('stdioOwnGroup', () => {
  const run = (pid: number, pgid: number) => stdioOwnGroup('local')(observations({ hostPid: 10, servers: server('local', [start({ pid, pgid })], 'stdio') }));
  test('a server leading its own group passes', () => {
    expect(outcome(run(20, 20))).toBe('PASS');
  });

  test("a server in the host's group, or in another process's group, fails", () => {
    expect(run(20, 10).observed).toBe('server pid 20 runs in group 10 (host pid 10)');
    expect(outcome(run(20, 15))).toBe('FAIL');
  });

  test('is not reached when the server never started', () => {
    expect(outcome(stdioOwnGroup('local')(observations({ servers: server('local', [], 'stdio') })))).toBe('NOT-REACHED');
  });
});

describe('stderrDiscarded', () => {
  /** A stdio server that wrote a marker canary to stderr; the host's own secrets show that its process was scanned. */
  function world(items: ScanItem[] = [], gaps: ScanGap[] = [], over: Partial<Observations> = {}) {
    const registry = new CanaryRegistry();
    const marker = registry.mintMarker('server "local" stderr');
    const secrets = mintHostSecrets(registry);
    const hostEnv: ScanItem = { channel: 'process:host', source: 'environment of process 10 (host)', text: Object.values(secrets).join('\n') };
    const canaries = registry.all();
    const seen = (text: (value: string) => string, channel: string): ScanItem => ({ channel, source: channel, text: text(marker.value) });
    const obs = (extra: ScanItem[] = items) =>
      observations({
        servers: server('local', [start()], 'stdio'),
        modelRequests: [modelRequest(0)],
        canaries,
        canarySightings: scanCanaries(canaries, [hostEnv, ...extra]),
        canaryGaps: gaps,
        ...over,
      });
    return { seen, obs };
  }

  test('passes when the stderr text is nowhere the scan looked', () => {
    expect(outcome(stderrDiscarded('local')(world().obs()))).toBe('PASS');
  });

  test('fails when it is shown, logged at the end of a large file, base64-encoded, or passed on to the model', () => {
    const w = world();
    expect(stderrDiscarded('local')(w.obs([w.seen((v) => `[local] ${v}`, 'screen')])).observed).toMatch(/screen/);
    expect(outcome(stderrDiscarded('local')(w.obs([w.seen((v) => `${'x'.repeat(1_000_000)}${v}`, 'file:$HOME/.host/big.log')])))).toBe('FAIL');
    expect(outcome(stderrDiscarded('local')(w.obs([w.seen((v) => Buffer.from(v).toString('base64'), 'file:$HOME/.host/state.db')])))).toBe('FAIL');
    expect(outcome(stderrDiscarded('local')(w.obs([w.seen((v) => `failed: ${v}`, 'model-request')])))).toBe('FAIL');
  });

  test('is not graded by the credential checks, which leave markers out', () => {
    const w = world();
    expect(outcome(canaryAbsentEverywhere('')(w.obs([w.seen((v) => v, 'screen')])))).toBe('PASS');
  });

  test('is not reached while a place could not be scanned in full', () => {
    expect(outcome(stderrDiscarded('local')(world([], [{ channel: 'file:$HOME/.host/', why: 'unreadable' }]).obs()))).toBe('NOT-REACHED');
  });

  test('is not reached when the server never started, or the host never reached the model', () => {
    expect(outcome(stderrDiscarded('local')(observations({ servers: server('local', [], 'stdio') })))).toBe('NOT-REACHED');
    expect(outcome(stderrDiscarded('local')(world([], [], { modelRequests: [] }).obs()))).toBe('NOT-REACHED');
  });
});

describe('nothingLeftRunning', () => {
  const leftover = { pid: 21, ppid: 1, pgid: 20, sid: 1, state: 'S', start: 1, cmdline: ['node', 'child.js'], env: {}, role: 'server:local' };
  const run = (over: Partial<Observations> = {}, childPid: number | null = 21) =>
    nothingLeftRunning('local')(observations({ servers: server('local', [start({ childPid })], 'stdio'), exits: [exit(0)], ...over }));
  test('passes when the host exited by itself and nothing of the run was left', () => {
    expect(outcome(run())).toBe('PASS');
  });

  test('fails when the server or its child outlived the host, or the harness had to kill the host', () => {
    expect(run({ leftovers: [leftover] as never }).observed).toBe('still running after the host exited: 21 (server:local)');
    expect(run({ exits: [exit(null, true, 'SIGKILL')] }).observed).toBe('the host did not exit by itself; the harness killed it');
  });

  test('is not reached without a child, a host exit, or when the script stopped before its end step', () => {
    expect(outcome(run({}, null))).toBe('NOT-REACHED');
    expect(outcome(run({ exits: [] }))).toBe('NOT-REACHED');
    expect(outcome(run({ script: stoppedAt(1) }))).toBe('NOT-REACHED');
    expect(outcome(nothingLeftRunning('local')(observations({ servers: server('local', [], 'stdio') })))).toBe('NOT-REACHED');
  });
});

describe('onLegacyRevision', () => {
  const opened = (method: string) => [request(method, 1, 1), entry('jsonrpc-out', { jsonrpc: '2.0', id: 1, result: {} }, 2)];
  const blocked = onLegacyRevision('docs', 'GET event stream', (obs) => notReached('no GET', obs));
  const grade = (journal: JournalEntry[]) => blocked(observations({ servers: server('docs', journal) }));

  test('a check that could not look on a server that went on 2026-07-28 does not apply; after initialize it stays BLOCKED', () => {
    expect(grade(opened('server/discover'))).toMatchObject({ unsupported: true });
    expect(grade(opened('initialize'))).toMatchObject({ reached: false });
  });

  test('a check that could look is graded as it is, on either revision', () => {
    const passes = onLegacyRevision('docs', 'x', () => pass('seen'));
    expect(passes(observations({ servers: server('docs', opened('server/discover')) }))).toMatchObject({ verdict: 'PASS' });
    expect(passes(observations({ servers: server('docs', opened('server/discover')) })).unsupported).toBeUndefined();
  });
});
