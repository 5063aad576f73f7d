// Codex's own server commands (DISCOVER-6, CRED-1, CRED-4, NET-1): `codex mcp add` and
// `codex mcp list`, run beside chat sessions in the sandbox's CODEX_HOME. Codex takes a
// stdio server's variables as `--env K=V` arguments (it has no echo-off prompt) and an HTTP
// bearer only as the NAME of an environment variable; other headers cannot be given to
// `mcp add` at all, which the command's screen then says (adapter lines are marked).
import { dirname } from 'node:path';
import type { Sandbox } from '../../sandbox/sandbox.js';
import type { CommandOutcome, ServerConfigEntry } from '../host-adapter.js';
import { runHostCommand } from '../server-commands.js';

const COMMAND_DEADLINE_MS = 20_000;

export interface CodexAddPlan {
  args: string[];
  /** Environment the bearer token travels in (Codex stores only the variable's name). */
  env: Record<string, string>;
  /** Headers `codex mcp add` has no option for. */
  dropped: string[];
}

export function codexAddPlan(name: string, server: ServerConfigEntry, bearerVar: string, stdioEnv: Readonly<Record<string, string>> = {}): CodexAddPlan {
  if ('command' in server) {
    const envArgs = Object.entries({ ...stdioEnv, ...server.env }).flatMap(([k, v]) => ['--env', `${k}=${v}`]);
    return { args: ['mcp', 'add', name, ...envArgs, '--', server.command, ...server.args], env: {}, dropped: [] };
  }
  const args = ['mcp', 'add', name, '--url', server.url];
  const env: Record<string, string> = {};
  const dropped: string[] = [];
  for (const [key, value] of Object.entries(server.headers)) {
    const token = key.toLowerCase() === 'authorization' ? /^Bearer (.+)$/.exec(value)?.[1] : undefined;
    if (token === undefined) dropped.push(key);
    else {
      args.push('--bearer-token-env-var', bearerVar);
      env[bearerVar] = token;
    }
  }
  return { args, env, dropped };
}

/** Runs `codex <args>` to completion (deadline: group killed); Codex's launcher needs node on PATH. */
export function runCodexCommand(bin: string, args: readonly string[], sandbox: Sandbox, env: Record<string, string>, note = ''): Promise<CommandOutcome> {
  const path = [dirname(process.execPath), env['PATH'] ?? ''].filter((p) => p !== '').join(':');
  return runHostCommand(bin, { args: [...args], input: '' }, sandbox, { ...env, PATH: path }, { deadlineMs: COMMAND_DEADLINE_MS, note });
}

export function droppedHeadersNote(dropped: readonly string[]): string {
  return dropped.map((h) => `[mcp-host-conformance adapter] codex mcp add has no option for header ${h}; it was not configured\n`).join('');
}
