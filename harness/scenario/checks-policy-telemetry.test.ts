import { describe, expect, test } from 'vitest';
import { CanaryRegistry, credentialChannels, scanCanaries, type ScanItem } from '../sandbox/canaries.js';
import { telemetryLacksCredentials } from './checks-policy-telemetry.js';
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
