import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openTelemetryLog, telemetryRecord, type TelemetryEntry } from './telemetry-log.js';

const entry: TelemetryEntry = {
  time: new Date('2030-01-02T03:04:05.000Z'),
  server: 'docs',
  tool: 'search',
  offeredName: 'mcp_docs_search',
  status: 'completed',
  latencyMs: 12,
  args: { q: 'canary-argument-é' },
  output: 'canary-result',
};

describe('telemetry log', () => {
  it('records ids, status, latency and sizes only', () => {
    expect(telemetryRecord(entry)).toEqual({
      time: '2030-01-02T03:04:05.000Z',
      server: 'docs',
      tool: 'search',
      offeredName: 'mcp_docs_search',
      status: 'completed',
      latencyMs: 12,
      argumentBytes: Buffer.byteLength('{"q":"canary-argument-é"}'),
      resultBytes: 13,
    });
  });

  it('appends one line per record to a 0600 file and never writes argument or result text', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'refhost-telemetry-')), 'refhost', 'telemetry.jsonl');
    const log = openTelemetryLog(file);
    log.record(entry);
    log.record({ ...entry, status: 'denied', latencyMs: 0 });
    log.close();
    const text = readFileSync(file, 'utf8');
    expect(text.trimEnd().split('\n').map((line) => (JSON.parse(line) as { status: string }).status)).toEqual(['completed', 'denied']);
    expect(text).not.toMatch(/canary/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
