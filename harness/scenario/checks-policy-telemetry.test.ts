import { describe, expect, test } from 'vitest';
import { CanaryRegistry, credentialChannels, scanCanaries, type ScanItem } from '../sandbox/canaries.js';
import {
  approvalsAbout,
  modelToldRefused,
  partsOf,
  passOnceOutputReached,
  policyRefusedOrInForce,
  serverNeverRead,
  startupErrorNames,
  telemetryLacksCredentials,
  telemetryLatencyAtLeast,
  telemetryRecordFields,
} from './checks-policy-telemetry.js';
import { fail, pass } from './evidence.js';
import { approval, exit, modelRequest, observations, outcome, output, request, screen, server, stoppedAt } from './test-fixtures/observations.js';
import type { Observations } from './observations.js';

const FILE = '$XDG_DATA_HOME/refhost/telemetry.jsonl';

function observe(telemetryLine: (value: string) => string, records = 1): Observations {
  const registry = new CanaryRegistry();
  const docs = registry.mint('server "docs" header Authorization', credentialChannels('docs', []));
  const raw = telemetryLine(docs.value);
  const items: ScanItem[] = [
    { channel: 'server:docs', source: 'server docs journal', text: `authorization: Bearer ${docs.value}` },
    { channel: `file:${FILE}`, source: FILE, text: raw },
  ];
  const canaries = registry.all();
  const telemetry = { file: FILE, raw, records: Array.from({ length: records }, () => ({})), problems: [] };
  return {
    script: { completed: 3, stoppedAt: null },
    screen: { all: '', stdout: '', stderr: '', truncated: false },
    canaries,
    canarySightings: scanCanaries(canaries, items),
    canaryGaps: [],
    telemetry,
  } as unknown as Observations;
}

describe('telemetryLacksCredentials', () => {
  test('passes records without a credential', () => {
    expect(telemetryLacksCredentials()(observe(() => '{"server":"docs","tool":"search"}')).verdict).toBe('PASS');
  });

  test('fails a record carrying the header value JSON-escaped, naming the form', () => {
    const grade = telemetryLacksCredentials()(observe((v) => JSON.stringify({ server: 'docs', auth: [v] })));
    expect(`${grade.verdict}: ${grade.observed}`).toMatch(/^FAIL: leaked into the telemetry .*server "docs" header Authorization in .*\(whole value, json\)/);
  });

  test('is not reached without a telemetry record', () => {
    expect(telemetryLacksCredentials()(observe(() => '', 0)).observed).toMatch(/^not reached: the host left no telemetry record/);
  });
});

describe('telemetryLatencyAtLeast', () => {
  // The call was asked for by model request #0 (at 0 ms) and its result came in request #1, 1500 ms later.
  const withLatency = (latencyMs: unknown) =>
    observations({
      toolOutputs: [output(1, 'completed')],
      modelRequestMono: [0, 1500],
      telemetry: { file: FILE, raw: '', records: [{ latencyMs }], problems: [] } as unknown as Observations['telemetry'],
    });
  test('passes a latency in ms of at least the delay and within the call', () => {
    expect(outcome(telemetryLatencyAtLeast(0, 1000)(withLatency(1012)))).toBe('PASS');
  });

  test('fails a latency in seconds or one missing', () => {
    expect(telemetryLatencyAtLeast(0, 1000)(withLatency(1)).observed).toBe('record #1: latencyMs 1 for a call the server answered 1000 ms late');
    expect(outcome(telemetryLatencyAtLeast(0, 1000)(withLatency(undefined)))).toBe('FAIL');
  });

  test('fails a latency longer than the call took from the model side (microseconds)', () => {
    expect(telemetryLatencyAtLeast(0, 1000)(withLatency(1_012_000))).toMatchObject({
      verdict: 'FAIL',
      observed: expect.stringContaining('more than the 1500 ms'),
    });
  });

  test('is not reached without a call result', () => {
    expect(
      outcome(
        telemetryLatencyAtLeast(
          0,
          1000,
        )(observations({ telemetry: { file: FILE, raw: '', records: [], problems: [] } as unknown as Observations['telemetry'] })),
      ),
    ).toBe('NOT-REACHED');
  });
});

describe('partsOf', () => {
  test('every window of the given length, or the value itself when shorter', () => {
    expect(partsOf('abcdef', 4)).toEqual(['abcd', 'bcde', 'cdef']);
    expect(partsOf('abc', 4)).toEqual(['abc']);
  });
});

describe('serverNeverRead over several URIs and servers', () => {
  const read = (uri: string, id: number) => request('resources/read', id, id, { uri });
  const grade = (vault: string[]) =>
    serverNeverRead(
      'vault',
      ['v://a', 'v://b'],
      'd://ok',
      'docs',
    )(
      observations({
        servers: {
          ...server('docs', [read('d://ok', 1)]),
          ...server(
            'vault',
            vault.map((u, i) => read(u, i + 2)),
          ),
        },
      }),
    );
  test('passes when none of the URIs reached the refusing server and the allowed read reached its own', () => {
    expect(outcome(grade([]))).toBe('PASS');
  });

  test('fails on any one of the URIs', () => {
    expect(grade(['v://b'])).toMatchObject({ verdict: 'FAIL', observed: 'server vault received 1 resources/read of v://b' });
  });

  test('is not reached while the allowed read never came', () => {
    expect(outcome(serverNeverRead('vault', 'v://a', 'd://ok', 'docs')(observations({ servers: server('docs', []) })))).toBe('NOT-REACHED');
  });
});

describe('approvalsAbout', () => {
  const asked = (...texts: string[]) => approvalsAbout('wiki://home', 1)(observations({ approvals: texts.map((t, i) => approval('approve', i, i, t)) }));
  test('exactly the allowed number of questions about the subject passes, one more fails, fewer is not reached', () => {
    expect(outcome(asked('read wiki://home', 'read notes://x'))).toBe('PASS');
    expect(outcome(asked('read wiki://home', 'read wiki://home'))).toBe('FAIL');
    expect(outcome(asked('read notes://x'))).toBe('NOT-REACHED');
  });
});

describe('policyRefusedOrInForce (POLICY-4)', () => {
  const call = request('tools/call', 1, 1, { name: 'delete_file' });
  test('a start-up that stopped before the model was asked passes when its error names the server as the policy wrote it, fails when it says nothing of it', () => {
    const stopped = { completed: 0, stoppedAt: { step: 1, what: 'send', reason: 'no prompt', hostExited: true as const } };
    expect(
      outcome(policyRefusedOrInForce('docs', 'delete_file', 'Docs')(observations({ script: stopped, screen: screen('policy: unknown server "Docs"') }))),
    ).toBe('PASS');
    expect(outcome(policyRefusedOrInForce('docs', 'delete_file', 'Docs')(observations({ script: stopped, screen: screen('Segmentation fault') })))).toBe(
      'FAIL',
    );
  });

  test('a pack in force (refused locally, the model told) passes', () => {
    expect(
      outcome(policyRefusedOrInForce('docs', 'delete_file', 'Docs')(observations({ toolOutputs: [output(1, 'denied')], servers: server('docs', []) }))),
    ).toBe('PASS');
  });

  test('a pack accepted and applied to nothing fails: the call asked about, or sent', () => {
    expect(
      outcome(
        policyRefusedOrInForce(
          'docs',
          'delete_file',
          'Docs',
        )(observations({ approvals: [approval('eof', 1, 2, 'Tool: "delete_file"')], script: stoppedAt(2) })),
      ),
    ).toBe('FAIL');
    expect(outcome(policyRefusedOrInForce('docs', 'delete_file', 'Docs')(observations({ servers: server('docs', [call]) })))).toBe('FAIL');
  });
});

describe('a refused read (CONFIG-2)', () => {
  test('an output with a refusal status that still carries the withheld credential fails, whatever its status word', () => {
    const registry = new CanaryRegistry();
    const docs = registry.mint('server "docs" header Authorization', credentialChannels('docs', []));
    const told = (text: string, status: 'failed' | 'completed') =>
      modelToldRefused(
        0,
        'server "docs"',
      )(observations({ canaries: registry.all(), toolOutputs: [{ request: 1, api: 'responses', callId: 'c', output: text, text, status }] }));
    expect(told(`error: {"Authorization": "Bearer ${docs.value}"}`, 'failed')).toMatchObject({
      verdict: 'FAIL',
      observed: expect.stringContaining('carries server "docs"'),
    });
    expect(told('error: reading the configuration is not allowed', 'failed').verdict).toBe('PASS');
    expect(told('here it is', 'completed').verdict).toBe('FAIL');
  });
});

describe('modelToldRefused', () => {
  test('denied or failed passes, completed fails, an unreadable status blocks the check', () => {
    expect(outcome(modelToldRefused(0)(observations({ toolOutputs: [output(0, 'denied')] })))).toBe('PASS');
    expect(outcome(modelToldRefused(0)(observations({ toolOutputs: [output(0, 'completed')] })))).toBe('FAIL');
    const grade = modelToldRefused(0)(observations({ toolOutputs: [output(0, null, 'policy says no')] }));
    expect(outcome(grade)).toBe('NOT-REACHED');
    expect(grade.observed).toBe('not reached: the status of tool output #1: the output could not be read: "policy says no"');
  });
});

describe('telemetryRecordFields', () => {
  const call = { type: 'function_call', call_id: 'call-0', name: 'mcp_docs_search', arguments: '{}' };
  const run = (status: 'completed' | null, recorded: unknown) =>
    telemetryRecordFields(
      'docs',
      'search',
    )(
      observations({
        modelRequests: [modelRequest(0, [call])],
        toolOutputs: [output(0, status, 'found')],
        telemetry: {
          file: FILE,
          raw: '',
          records: [{ server: 'docs', tool: 'search', offeredName: 'mcp_docs_search', status: recorded, latencyMs: 3 }],
          problems: [],
        },
      }),
    );
  test('a record with the status the model got passes; another status fails', () => {
    expect(outcome(run('completed', 'completed'))).toBe('PASS');
    expect(outcome(run('completed', 'failed'))).toBe('FAIL');
  });

  test('a status the model got that could not be read blocks the comparison, never passes it', () => {
    expect(outcome(run(null, 'completed'))).toBe('NOT-REACHED');
    expect(run(null, 'completed').observed).toMatch(/^not reached: the status of call #1 \(record #1\): the output could not be read: "found"/);
  });
});

describe('an invalid policy file stops start-up (POLICY-4)', () => {
  test('a host that ran on (the harness stopped it) owes the stop: its error check never happened', () => {
    const g = startupErrorNames(['policy.json'])(observations({ exits: [exit(null, true)] }));
    expect(outcome(g)).toBe('NEVER-HAPPENED');
    expect(g.observed).toMatch(/^never happened: the host stopping start-up by itself, owed since it was started with an invalid policy file/);
  });

  test('no exit at all (never started) is not reached; a stop naming the file passes', () => {
    expect(outcome(startupErrorNames(['policy.json'])(observations({ exits: [] })))).toBe('NOT-REACHED');
    expect(outcome(startupErrorNames(['policy.json'])(observations({ exits: [exit(2)], screen: screen('bad policy.json') })))).toBe('PASS');
  });
});

describe('passOnceOutputReached', () => {
  const passes = () => pass('nothing asked');
  test('a PASS stands once the output reached the model, and is BLOCKED before; a FAIL stands either way', () => {
    expect(outcome(passOnceOutputReached(0, passes)(observations({ toolOutputs: [output(1, 'denied')] })))).toBe('PASS');
    expect(outcome(passOnceOutputReached(1, passes)(observations({ toolOutputs: [output(1, 'denied')] })))).toBe('NOT-REACHED');
    expect(outcome(passOnceOutputReached(1, () => fail('asked'))(observations({})))).toBe('FAIL');
  });
});
