// A host's own commands to manage servers (DISCOVER-6, CRED-1, CRED-4, NET-1), described by a
// profile as argument templates: expanded per server, run to their end in the host's sandbox
// environment with a deadline, stopped by process group on every path. On a terminal each
// typed line waits for the host's prompt, as a person waits (CRED-1: a secret typed before
// the host turned echo off would be echoed by the terminal, not by the host).
import type { Sandbox } from '../sandbox/sandbox.js';
import { stopGroup } from '../supervision/process-group.js';
import { spawnHost, type TerminalKind } from '../supervision/process-scope.js';
import type { CommandOutcome, ServerConfigEntry } from './host-adapter.js';
import { fillPlaceholders, type CommandArg } from './profile-schema.js';
import { captureScreen, screenOf } from './host-screen.js';
import { KEYS } from './terminal-session.js';
import type { ScreenCapture } from './screen-capture.js';

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
export function expandServerCommand(
  line: readonly CommandArg[],
  name: string,
  server: ServerConfigEntry,
  values: Readonly<Record<string, string>>,
  secrets: 'stdin' | 'argv',
): CommandLine {
  const own = { ...values, name, url: 'url' in server ? server.url : '', command: 'command' in server ? server.command : '' };
  const args = line.flatMap((arg) =>
    typeof arg === 'string'
      ? [fillPlaceholders(arg, own)]
      : entriesOf(server, arg.each).flatMap((entry) => arg.args.map((t) => fillPlaceholders(t, { ...own, ...entry }))),
  );
  const typed = secrets === 'stdin' ? Object.values('url' in server ? server.headers : server.env) : [];
  return { args, input: typed.map((v) => `${v}\n`).join('') };
}

/** New text that stops mid-line: a prompt waiting for input (an error message ends its line, and gets nothing typed). */
const PROMPT_LIKE = /[^\n]$/;

export interface CommandRun {
  deadlineMs?: number;
  /** An adapter's own line shown first (marked as the adapter's, e.g. what the host's command has no option for). */
  note?: string;
  terminal?: TerminalKind;
  /** On a terminal, each input line is typed once this appears (default: once new text stops mid-line, as a prompt does). */
  inputPrompt?: RegExp;
}

/** Types `input` line by line, each after its prompt; stops when the host is gone or the deadline passed. */
async function typeAtPrompts(capture: ScreenCapture, input: string, prompt: RegExp, deadlineMs: number, type: (text: string) => void): Promise<void> {
  for (const line of input.split('\n').slice(0, -1)) {
    if ((await capture.waitFor([{ name: 'prompt', pattern: prompt }], deadlineMs)).kind !== 'match') return;
    type(`${line}${KEYS.pty.lineEnd}`);
  }
}

/** Runs one host command to its end (its group killed past the deadline), its input typed (pipes: given at once, then closed). */
export async function runHostCommand(
  program: string,
  line: CommandLine,
  sandbox: Sandbox,
  env: Record<string, string>,
  options: CommandRun = {},
): Promise<CommandOutcome> {
  const deadlineMs = options.deadlineMs ?? COMMAND_DEADLINE_MS;
  const proc = await spawnHost(program, line.args, { env, cwd: sandbox.project, terminal: options.terminal });
  const type = (text: string): void => {
    if (!proc.stdin.destroyed && !proc.stdin.writableEnded) proc.stdin.write(text);
  };
  const { capture, rendered, settled } = captureScreen(proc, sandbox.screenScan.tap(), type);
  if (options.note !== undefined && options.note !== '') capture.append('stdout', options.note);
  // The note is not the host's prompt.
  capture.skipShown();
  if (proc.terminal === undefined) proc.stdin.end(line.input);
  else void typeAtPrompts(capture, line.input, options.inputPrompt ?? PROMPT_LIKE, deadlineMs, type);
  const timer = setTimeout(() => void stopGroup(proc), deadlineMs);
  try {
    const exit = await proc.exited;
    await settled;
    return { exit, screen: screenOf(capture, rendered), argv: [program, ...line.args] };
  } finally {
    clearTimeout(timer);
    await stopGroup(proc);
  }
}
