// How long each scenario is expected to take, for the scheduler's order (longest first): from
// the reports of earlier runs, the first that has the scenario (this host's last run, then its
// committed report, then the reference host's). Stale or missing figures only change the order.
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Scenario } from '../scenario/scenario-schema.js';

/** What is read of a report: each check's scenario and duration (the rest may be any schema version). */
const DurationsSchema = z.object({
  hosts: z.array(z.object({ checks: z.array(z.object({ scenario: z.string(), durationMs: z.number() })) })),
});

/** When no report has the scenario: its own whole-scenario deadline says it waits long, else about a second. */
const UNKNOWN_MS = 1000;

function durationsIn(file: string): Map<string, number> {
  const found = new Map<string, number>();
  try {
    if (!existsSync(file)) return found;
    const parsed = DurationsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    for (const check of parsed.success ? parsed.data.hosts.flatMap((h) => h.checks) : [])
      found.set(check.scenario, Math.max(found.get(check.scenario) ?? 0, check.durationMs));
  } catch {
    // An unreadable report orders nothing.
  }
  return found;
}

/** Expected duration (ms) per scenario name, from the first report (in `files` order) that has it. */
export function expectedDurations(files: readonly string[], scenarios: readonly Pick<Scenario, 'name' | 'timeoutMs'>[]): Map<string, number> {
  const reports = files.map(durationsIn);
  return new Map(scenarios.map((s) => [s.name, reports.find((r) => r.has(s.name))?.get(s.name) ?? s.timeoutMs ?? UNKNOWN_MS]));
}
