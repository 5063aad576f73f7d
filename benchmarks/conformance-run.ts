// One whole `mcp-host-conformance run` (the reference host unless told) as a child process,
// with TMPDIR and the report folder inside a private temp dir, so that every sandbox of the run
// lives there and "no process of the run remains" is a /proc scan for that dir (issue 4). Its
// CPU is its whole process tree's (the children's rusage this process collects when it is
// reaped), and where it went is the per-kind profile of process-profile.ts.
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { readReportFile } from '../harness/report/report-file.js';
import { killLeftovers, waitGone } from '../harness/supervision/process-group.js';
import { readProcess, scanRunProcesses, type ProcessInfo } from '../harness/supervision/proc-scan.js';
import { profileProcesses, reapedChildrenCpuMs, type KindTotals } from '../harness/performance/process-profile.js';
import { ROOT } from './bench-kit.js';

const RUN_DEADLINE_MS = 10 * 60_000;
const LEFTOVER_GRACE_MS = 1000;

export interface ConformanceRun {
  wallMs: number;
  /** User + system CPU of the run's whole process tree. */
  cpuMs: number;
  /** That CPU by kind of process, as far as a 20 ms poll saw the processes (short-lived ones may be missed). */
  kinds: KindTotals[];
  exitCode: number | null;
  /** Check id -> verdict, from the run's report.json. */
  verdicts: Map<string, string>;
  /** Scenario -> its duration as the runner recorded it (ms). */
  scenarioMs: Map<string, number>;
  /** Processes that mentioned the run's temp dir (argv, environment or cwd) after the CLI exited and a short grace. */
  leftovers: ProcessInfo[];
  log: string;
}

/** Processes whose argv or environment mention `marker`, plus those whose cwd is under it. */
function processesOf(marker: string): ProcessInfo[] {
  const found = new Map(scanRunProcesses(marker).map((p) => [p.pid, p]));
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === process.pid || found.has(pid)) continue;
    let cwd: string;
    try {
      cwd = readlinkSync(`/proc/${pid}/cwd`);
    } catch {
      continue; // gone, or not ours to read
    }
    const info = cwd.startsWith(marker) ? readProcess(pid) : null;
    if (info !== null && info.state !== 'Z') found.set(pid, { ...info, role: 'other' });
  }
  return [...found.values()];
}

export interface RunChoice {
  /** --host (default: the reference host). */
  host?: string;
  /** Further arguments of `run` (e.g. --quick). */
  args?: string[];
}

export async function runConformanceOnce(dir: string, index: number, choice: RunChoice = {}): Promise<ConformanceRun> {
  const tmp = join(dir, `tmp-${index}`);
  const out = join(dir, `out-${index}`);
  const logFile = join(dir, `run-${index}.log`);
  mkdirSync(tmp, { recursive: true });
  const logFd = openSync(logFile, 'w');
  const begin = performance.now();
  const cpuBefore = reapedChildrenCpuMs();
  const args = [...(choice.host === undefined ? [] : ['--host', choice.host]), ...(choice.args ?? [])];
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'mcp-host-conformance.js'), 'run', '--out', out, ...args], {
    cwd: ROOT,
    env: { ...process.env, TMPDIR: tmp },
    detached: true,
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);
  const profiler = profileProcesses(child.pid ?? -1);
  let timer: NodeJS.Timeout | undefined;
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    timer = setTimeout(() => {
      try {
        process.kill(-(child.pid ?? 0), 'SIGKILL');
      } catch {
        // already gone
      }
    }, RUN_DEADLINE_MS);
    child.once('error', reject);
    child.once('exit', (code) => resolve(code));
  }).finally(() => clearTimeout(timer));
  const wallMs = performance.now() - begin;
  const kinds = profiler.stop();
  const cpuMs = reapedChildrenCpuMs() - cpuBefore;

  const first = processesOf(dir);
  const alive = new Set(
    await waitGone(
      first.map((p) => p.pid),
      LEFTOVER_GRACE_MS,
    ),
  );
  const leftovers = first.filter((p) => alive.has(p.pid));
  await killLeftovers(leftovers); // they are ours: the run started them

  const log = readFileSync(logFile, 'utf8');
  const verdicts = new Map<string, string>();
  const scenarioMs = new Map<string, number>();
  try {
    for (const host of readReportFile(join(out, 'report.json')).hosts) {
      for (const check of host.checks) {
        verdicts.set(check.id, check.verdict);
        if (check.durationMs !== undefined) scenarioMs.set(check.scenario, Math.max(scenarioMs.get(check.scenario) ?? 0, check.durationMs));
      }
    }
  } catch (error) {
    throw new Error(
      `conformance run ${index + 1} left no readable report (exit ${exitCode}): ${(error as Error).message}\n--- log tail ---\n${log.slice(-3000)}`,
      { cause: error },
    );
  }
  return { wallMs, cpuMs, kinds, exitCode, verdicts, scenarioMs, leftovers, log };
}
