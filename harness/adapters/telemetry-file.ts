// Reads a host's JSON Lines telemetry back after a run (TELEMETRY-*). A missing file is an
// empty record set (the checks then say no record was left); a line that is not a JSON
// object is kept as a problem rather than dropped, so a check can show it.
import { existsSync, readFileSync } from 'node:fs';
import type { TelemetrySeen } from './host-adapter.js';

export function readJsonLinesTelemetry(file: string, displayPath: string): TelemetrySeen {
  const raw = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const records: Record<string, unknown>[] = [];
  const problems: string[] = [];
  for (const line of raw.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const value: unknown = JSON.parse(line);
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) records.push(value as Record<string, unknown>);
      else problems.push(line);
    } catch {
      problems.push(line);
    }
  }
  return { file: displayPath, raw, records, problems };
}
