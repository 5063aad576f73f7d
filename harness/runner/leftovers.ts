// Issue 23 item 6: what a host left running, stated for every scenario. The harness kills it
// when the scenario ends (process-scope.ts), so no verdict depends on it lasting; but on a
// user's machine it would have gone on running, so the report names it (run notes), whatever
// the scenario grades. STDIO-5 is graded where a reaping check stands (check-helpers.ts).
import type { Leftover } from '../report/schema.js';
import type { ProcessInfo } from '../supervision/proc-scan.js';

/** At most this many characters of a leftover's command line reach the report. */
export const COMMAND_CHARS = 300;

export interface HostsSeen {
  /** Every host start's pid (restarts included). */
  pids: readonly number[];
  /** The sessions those hosts ran in (a terminal host's is its session leader's). */
  sids: readonly number[];
  /** A host did not exit by itself and the harness killed it. */
  killed: boolean;
}

/** The report's account of `found` (processes still alive after the host exited) in `scenario`, its sandbox shown as <sandbox>. */
export function leftoversOf(scenario: string, found: readonly ProcessInfo[], hosts: HostsSeen, sandboxRoot: string): Leftover[] {
  return found.map((p) => ({
    scenario,
    pid: p.pid,
    role: p.role,
    command: p.cmdline.join(' ').replaceAll(sandboxRoot, '<sandbox>').slice(0, COMMAND_CHARS),
    where: hosts.pids.includes(p.pgid) ? 'host-group' : hosts.sids.includes(p.sid) ? 'own-group' : 'own-session',
    hostEnded: hosts.killed ? 'killed-by-harness' : 'by-itself',
  }));
}
