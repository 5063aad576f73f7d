// `run` stopped mid-run by Ctrl-C (SIGINT to the whole group) or SIGTERM (to the CLI alone,
// as a CI runner sends it): exit 128+N, the report of the scenarios that finished marked
// incomplete, no process of the run left (a /proc scan), no temporary folder left.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ReportSchema } from '../report/schema.js';
import { scanChildren, scanRunProcesses } from '../supervision/proc-scan.js';
import { spawnInGroup, stopGroup, waitGone } from '../supervision/process-group.js';
import { CLI_BIN, requireCliBuilt, userEnv } from './test-fixtures/run-cli.js';

let dir = '';
beforeAll(() => {
  requireCliBuilt();
  dir = mkdtempSync(join(tmpdir(), 'mhc-interrupt-'));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function descendants(pid: number): number[] {
  return scanChildren(pid).flatMap((p) => [p.pid, ...descendants(p.pid)]);
}

async function runningDescendants(pid: number, deadlineMs: number): Promise<number[]> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const found = descendants(pid);
    if (found.length > 0 || Date.now() > until) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Runs a part of the suite from the CLI (the approval scenarios: seven short ones, so one has
 * finished while others still run, at a fraction of the whole suite's processes), sends `signal`
 * once the first scenario finished, and collects what is left.
 */
async function interruptedRun(signal: 'SIGINT' | 'SIGTERM', target: 'group' | 'cli') {
  const own = mkdtempSync(join(dir, `${signal}-`));
  const tmp = mkdtempSync(join(own, 'tmp-'));
  const out = join(own, 'out');
  const cli = spawnInGroup(process.execPath, [CLI_BIN, 'run', '--scenario', 'approve-', '--out', out], { cwd: own, env: userEnv({ TMPDIR: tmp }) });
  cli.stdin.end();
  let stdout = '';
  cli.stderr.resume();
  const firstDone = new Promise<void>((resolve) =>
    cli.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (/^\[ *1\/\d+\] /m.test(stdout)) resolve();
    }),
  );
  try {
    await Promise.race([firstDone, cli.exited]);
    // The next scenario may be admitted a moment after the first ended: wait (with a deadline) until one runs.
    const running = await runningDescendants(cli.pid, 10_000);
    process.kill(target === 'group' ? -cli.pid : cli.pid, signal);
    const exit = await cli.exited;
    return {
      exit,
      stdout,
      running,
      still: await waitGone(running, 2000),
      tmpLeft: readdirSync(tmp),
      report: ReportSchema.parse(JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'))),
      marked: scanRunProcesses(own),
    };
  } finally {
    await stopGroup(cli, 100);
  }
}

describe('an interrupted run', () => {
  test.each([
    ['SIGINT', 'group', 130],
    ['SIGTERM', 'cli', 143],
  ] as const)(
    '%s to the %s stops every process of the run, writes the report of what finished marked incomplete, and leaves no temporary folder',
    { timeout: 120_000 },
    async (signal, target, code) => {
      const r = await interruptedRun(signal, target);
      expect(r.exit).toEqual({ code, signal: null });
      expect(r.running.length).toBeGreaterThan(0);
      expect({ still: r.still, marked: r.marked.map((p) => p.cmdline.join(' ')), tmpLeft: r.tmpLeft }).toEqual({ still: [], marked: [], tmpLeft: [] });
      const run = r.report.hosts[0]!;
      const finished = new Set(run.checks.map((c) => c.scenario));
      expect(run.run.incomplete).toMatchObject({ signal, scenariosFinished: finished.size });
      expect(run.run.incomplete!.scenariosFinished).toBeLessThan(run.run.incomplete!.scenariosPlanned);
      expect(run.checks.filter((c) => c.observed.startsWith('the scenario did not finish'))).toEqual([]);
      expect(r.stdout.trimEnd().split('\n').at(-1)).toBe(
        `Result: interrupted by ${signal}: ${finished.size} of ${run.run.incomplete!.scenariosPlanned} scenarios finished; the report is incomplete (exit ${code})`,
      );
    },
  );
});
