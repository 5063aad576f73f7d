// The host is started once before any scenario: a host that cannot start, exits before its
// prompt or never shows it is reported once (exit code, last lines), from the built CLI and
// from the module; the preflight host is stopped with its whole process group.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveHost } from '../adapters/resolve-host.js';
import { requireCliBuilt, runCli } from '../cli/test-fixtures/run-cli.js';
import { scanRunProcesses } from '../supervision/proc-scan.js';
import { preflightHost } from './host-preflight.js';

let dir = '';

/** A profile whose host is `node -e SCRIPT` (or `command`), with patterns it never prints. */
function profile(name: string, host: { command?: string; script?: string }): string {
  const file = join(dir, `${name}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      name,
      command: host.command ?? process.execPath,
      args: host.script === undefined ? [] : ['-e', host.script],
      config: { format: 'mcp-servers-json', path: '{configHome}/host/mcp.json' },
      screen: { prompt: '^ready> ', approvalStart: '^Tool:', approval: '^Approve\\?', unknownGate: '^Unknown outcome', statusLine: '^server ' },
    }),
  );
  return file;
}

beforeAll(() => {
  requireCliBuilt();
  dir = mkdtempSync(join(tmpdir(), 'mhc-preflight-'));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.concurrent('the host preflight, from the CLI', () => {
  it('reports a host binary that does not exist once, before any scenario, and leaves no report folder', async () => {
    const host = profile('missing-binary', { command: join(dir, 'no-such-host') });
    const result = await runCli(['run', '--host', host, '--out', 'out-missing'], { cwd: dir });
    expect({ code: result.code, stdout: result.stdout, stderr: result.stderr }).toEqual({
      code: 2,
      stdout: '',
      stderr: `mcp-host-conformance: --host ${host}: the host cannot be started: cannot start ${join(dir, 'no-such-host')}: no process was created\n`,
    });
    expect(existsSync(join(dir, 'out-missing'))).toBe(false);
  });

  it('reports a host that exits before its first prompt with its exit code and the last lines it printed', async () => {
    const lines = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`);
    const host = profile('exits-at-once', { script: `console.log(${JSON.stringify(lines.join('\n'))}); console.error('fatal: no API key'); process.exit(3)` });
    const result = await runCli(['run', '--host', host, '--out', 'out-exits'], { cwd: dir });
    const tail = [...lines.slice(-11), 'fatal: no API key'].map((l) => `  | ${l}`).join('\n');
    expect({ code: result.code, stdout: result.stdout, stderr: result.stderr }).toEqual({
      code: 2,
      stdout: '',
      stderr: `mcp-host-conformance: --host ${host}: the host exited before its first prompt (exit code 3); its last lines:\n${tail}\n`,
    });
  });
});

describe('preflightHost', () => {
  it('lets the reference host through', async () => {
    await expect(preflightHost(resolveHost('reference'), '--host reference')).resolves.toBeUndefined();
  });

  it('reports a host that never shows its prompt, and stops it with its whole process group', async () => {
    // Pids a host prints are those of its own PID namespace: the two are found by a name in their command lines.
    const name = `silent-host-${process.pid}-${Date.now()}`;
    const host = profile('silent', {
      script: `require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1e9)', '${name}']); console.log('thinking...')`,
    });
    await expect(preflightHost(resolveHost(host), '--host silent.json', 4000)).rejects.toThrow(
      "--host silent.json: the host showed no prompt within 4000 ms (does the profile's screen.prompt match?); its last lines:\n  | thinking...",
    );
    expect(scanRunProcesses(name)).toEqual([]);
  });
});
