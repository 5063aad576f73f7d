// A conformance run stopped by SIGINT or SIGTERM (Ctrl-C, a CI timeout): the run takes the
// signal (the default would end the process before any report), and every process of the run
// is stopped: this process's children (hosts' namespaces are also killed by their scopes,
// process-scope.ts), then anything still naming the run's folder. A second signal skips the
// grace and kills at once.
import { scanChildren, scanRunProcesses } from './proc-scan.js';
import { killLeftovers, waitGone } from './process-group.js';

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

export interface Interrupts {
  /** The first SIGINT or SIGTERM. */
  readonly first: Promise<NodeJS.Signals>;
  /** The second one: stop waiting, kill. */
  readonly second: Promise<NodeJS.Signals>;
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
  if (late.length > 0)
    await killLeftovers(
      scanChildren(process.pid).filter((p) => late.includes(p.pid)),
      1000,
    );
  // Whatever is left (hosts of a machine without PID namespaces, their servers, a host started since).
  const rest = scanRunProcesses(marker);
  await Promise.race([
    waitGone(
      rest.map((p) => p.pid),
      500,
    ),
    force,
  ]);
  return killLeftovers([...scanRunProcesses(marker), ...scanChildren(process.pid)], 2000);
}
