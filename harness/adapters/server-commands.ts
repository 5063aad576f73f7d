// A host's own commands to manage servers (DISCOVER-6, CRED-1, CRED-4, NET-1), described by a
// profile as argument templates: expanded per server, run to their end in the host's sandbox
// environment with a deadline, stopped by process group on every path.
import type { Sandbox } from '../sandbox/sandbox.js';
import { stopGroup } from '../supervision/process-group.js';
import { spawnHost } from '../supervision/process-scope.js';
import type { CommandOutcome, ServerConfigEntry } from './host-adapter.js';
import { fillPlaceholders, type CommandArg } from './profile-schema.js';
import { ScreenCapture } from './screen-capture.js';

const COMMAND_DEADLINE_MS = 10_000;

export interface CommandLine {
  args: string[];
  /** Typed on stdin, then closed: one line per secret when secrets are typed. */
  input: string;
}

/** The entries `each` repeats over, in configuration order. */
function entriesOf(server: ServerConfigEntry, each: 'headers' | 'env' | 'args'): Record<string, string>[] {
  if (each === 'args') return 'command' in server ? server.args.map((arg) => ({ arg })) : [];
  const map = each === 'headers' ? ('url' in server ? server.headers : {}) : 'command' in server ? server.env : {};
  return Object.entries(map).map(([key, value]) => ({ key, value }));
}

/**
 * Expands one command line for `name`. With secrets typed on stdin, each header or env value
 * is one input line, in order; with secrets on argv, the templates place {value} themselves.
 */
export function expandServerCommand(line: readonly CommandArg[], name: string, server: ServerConfigEntry, values: Readonly<Record<string, string>>, secrets: 'stdin' | 'argv'): CommandLine {
  const own = { ...values, name, url: 'url' in server ? server.url : '', command: 'command' in server ? server.command : '' };
  const args = line.flatMap((arg) =>
    typeof arg === 'string' ? [fillPlaceholders(arg, own)] : entriesOf(server, arg.each).flatMap((entry) => arg.args.map((t) => fillPlaceholders(t, { ...own, ...entry }))),
  );
  const typed = secrets === 'stdin' ? Object.values('url' in server ? server.headers : server.env) : [];
  return { args, input: typed.map((v) => `${v}\n`).join('') };
}

/**
 * Runs one host command to its end (its group killed past the deadline), stdin given and
 * closed. `note`: an adapter's own line shown first (marked as the adapter's, e.g. what the
 * host's command has no option for).
 */
export async function runHostCommand(program: string, line: CommandLine, sandbox: Sandbox, env: Record<string, string>, options: { deadlineMs?: number; note?: string } = {}): Promise<CommandOutcome> {
  const proc = await spawnHost(program, line.args, { env, cwd: sandbox.project });
  const screen = new ScreenCapture(undefined, sandbox.screenScan.tap());
  if (options.note !== undefined && options.note !== '') screen.append('stdout', options.note);
  screen.attach(proc.stdout, proc.stderr);
  proc.stdin.end(line.input);
  const timer = setTimeout(() => void stopGroup(proc), options.deadlineMs ?? COMMAND_DEADLINE_MS);
  try {
    const exit = await proc.exited;
    return { exit, screen: screen.text(), argv: [program, ...line.args] };
  } finally {
    clearTimeout(timer);
    await stopGroup(proc);
  }
}
