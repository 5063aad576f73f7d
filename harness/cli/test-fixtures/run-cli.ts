// Runs a real command (the built CLI, npm, npx) as its own process group with a deadline,
// as a user would: the environment of this process minus vitest's own variables (the CLI
// starts a vitest of its own), output captured, the whole group stopped and reaped after.
import { join } from 'node:path';
import { requireBuilt, SUITE_ROOT } from '../../vitest/require-built.js';
import { spawnInGroup, stopGroup } from '../../supervision/process-group.js';

export const CLI_BIN = join(SUITE_ROOT, 'bin', 'mcp-host-conformance.js');

/** The CLI runs from dist/: stop with the command to run when the build is older than a source (the report client is built last). */
export function requireCliBuilt(): void {
  requireBuilt('dist/report-client.js', ['common', 'fake-servers', 'harness', 'reference-host', 'scenarios']);
}

export interface CommandResult {
  /** null when the deadline or a signal ended it. */
  code: number | null;
  stdout: string;
  stderr: string;
  /** True when the deadline passed and the group was killed. */
  timedOut: boolean;
}

/** process.env without vitest's variables and NODE_ENV (which vitest sets to "test"). */
export function userEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !key.startsWith('VITEST') && key !== 'NODE_ENV') env[key] = value;
  }
  return { ...env, ...extra };
}

export async function runCommand(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: Record<string, string>; deadlineMs?: number },
): Promise<CommandResult> {
  const proc = spawnInGroup(command, args, { cwd: options.cwd, env: options.env ?? userEnv() });
  proc.stdin.end();
  let stdout = '';
  let stderr = '';
  proc.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  proc.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void stopGroup(proc);
  }, options.deadlineMs ?? 60_000);
  const exit = await proc.exited.finally(() => clearTimeout(timer));
  await stopGroup(proc);
  return { code: exit.code, stdout, stderr, timedOut };
}

/** `node bin/mcp-host-conformance.js ARGS` from `cwd`. */
export function runCli(args: readonly string[], options: { cwd: string; env?: Record<string, string>; deadlineMs?: number }): Promise<CommandResult> {
  return runCommand(process.execPath, [CLI_BIN, ...args], options);
}
