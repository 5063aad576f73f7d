import { describe, expect, test } from 'vitest';
import { CanaryRegistry, credentialChannels, scanCanaries, type ScanItem } from '../sandbox/canaries.js';
import { startupErrorNames, telemetryLacksCredentials, telemetryLatencyAtLeast } from './checks-policy-telemetry.js';
import { exit, observations, outcome, output, screen } from './test-fixtures/observations.js';
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
  return { script: { completed: 3, stoppedAt: null }, screen: { all: '', stdout: '', stderr: '', truncated: false }, canaries, canarySightings: scanCanaries(canaries, items), canaryGaps: [], telemetry } as unknown as Observations;
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
  const withLatency = (latencyMs: unknown) =>
    observations({ toolOutputs: [output(1, 'completed')], telemetry: { file: FILE, raw: '', records: [{ latencyMs }], problems: [] } as unknown as Observations['telemetry'] });
  test('passes a latency in ms of at least the delay', () => {
    expect(outcome(telemetryLatencyAtLeast(0, 1000)(withLatency(1012)))).toBe('PASS');
  });

  test('fails a latency in seconds or one missing', () => {
    expect(telemetryLatencyAtLeast(0, 1000)(withLatency(1)).observed).toBe('record #1: latencyMs 1 for a call the server answered 1000 ms late');
    expect(outcome(telemetryLatencyAtLeast(0, 1000)(withLatency(undefined)))).toBe('FAIL');
  });

  test('is not reached without a call result', () => {
    expect(outcome(telemetryLatencyAtLeast(0, 1000)(observations({ telemetry: { file: FILE, raw: '', records: [], problems: [] } as unknown as Observations['telemetry'] })))).toBe('NOT-REACHED');
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
