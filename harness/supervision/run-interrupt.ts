// A conformance run stopped by SIGINT or SIGTERM (Ctrl-C, a CI timeout): the signal is
// taken from the test engine (vitest's own handler exits the process at once, before any
// report), and every process of the run is stopped: the engine's workers (each kills its
// hosts' namespaces as it goes, process-scope.ts), then anything still naming the run's
// folder. A second signal skips the grace and kills at once.
import { scanChildren, scanRunProcesses } from './proc-scan.js';
import { killLeftovers, waitGone } from './process-group.js';

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

export interface Interrupts {
  /** The first SIGINT or SIGTERM. */
  readonly first: Promise<NodeJS.Signals>;
  /** The second one: stop waiting, kill. */
  readonly second: Promise<NodeJS.Signals>;
  /** Removes every other listener of these signals (call once the engine has installed its own). */
  claim(): void;
  /**
   * The engine is about to lose its workers: its errors from now on (a message to a dead
   * worker, its own handler that exits at once) are expected and must not end this process
   * before the report is written.
   */
  engineDying(): void;
  dispose(): void;
}

export function watchInterrupts(): Interrupts {
  const seen: ((signal: NodeJS.Signals) => void)[] = [];
  const first = new Promise<NodeJS.Signals>((resolve) => seen.push(resolve));
  const second = new Promise<NodeJS.Signals>((resolve) => seen.push(resolve));
  let count = 0;
  const onSignal = (signal: NodeJS.Signals): void => {
    seen[count++]?.(signal);
  };
  for (const s of SIGNALS) process.on(s, onSignal);
  return {
    first,
    second,
    claim() {
      for (const s of SIGNALS) for (const l of process.listeners(s)) if (l !== onSignal) process.off(s, l as (...args: unknown[]) => void);
    },
    engineDying() {
      for (const event of ['unhandledRejection', 'uncaughtException'] as const) {
        process.removeAllListeners(event);
        process.on(event, () => {});
      }
    },
    dispose() {
      for (const s of SIGNALS) process.off(s, onSignal);
    },
  };
}

/**
 * Stops every process of a run: this process's children (SIGTERM, then SIGKILL after
 * `graceMs` or at `force`), then whatever still names `marker` (the run's folder) in its
 * command line or environment. Returns the pids still alive at the end.
 */
export async function stopRun(marker: string, force: Promise<unknown>, graceMs = 3000): Promise<number[]> {
  const children = scanChildren(process.pid).map((p) => p.pid);
  for (const pid of children) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  const gone = waitGone(children, graceMs);
  const late = await Promise.race([gone, force.then(() => children)]);
  if (late.length > 0) await killLeftovers(scanChildren(process.pid).filter((p) => late.includes(p.pid)), 1000);
  // Whatever the workers left (hosts of a machine without PID namespaces, their servers),
  // and any worker started since.
  const rest = scanRunProcesses(marker);
  await Promise.race([waitGone(rest.map((p) => p.pid), 500), force]);
  return killLeftovers([...scanRunProcesses(marker), ...scanChildren(process.pid)], 2000);
}
