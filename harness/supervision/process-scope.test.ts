// STDIO-5: a host started in a scope runs in a PID namespace of its own; a daemon it leaves
// behind (setsid, double fork, `env -i`, cwd /) is listed and killed although the sandbox
// scan cannot see it, and the namespace dies with the harness. Needs root (as in CI).
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readlinkSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';
import { containment, probeContainment } from './pid-namespace.js';
import { isAlive, readProcess, scanRunProcesses } from './proc-scan.js';
import { stopGroup, waitGone, type GroupProcess } from './process-group.js';
import { pollUntil } from './poll.js';
import { ProcessScope, spawnHost } from './process-scope.js';

const how = await containment();
const scopes: ProcessScope[] = [];
afterEach(async () => {
  await Promise.all(scopes.splice(0).map((s) => s.close()));
});

/** `sh -c script` started as a host inside a fresh scope, its environment marked. */
async function host(script: string, marker: string): Promise<{ scope: ProcessScope; proc: GroupProcess }> {
  const scope = new ProcessScope();
  scopes.push(scope);
  const proc = await scope.run(() => spawnHost('sh', ['-c', script], { env: { PATH: process.env.PATH ?? '', MARK: marker }, cwd: '/tmp' }));
  return { scope, proc };
}

/** Starts a daemon named `name` that shares nothing with its host, then says READY. */
const DAEMONISE = `setsid sh -c 'cd / && (exec env -i /bin/sh -c "trap \\"\\" TERM INT; while :; do sleep 1; done" "$0" &)' "$NAME" </dev/null >/dev/null 2>&1; echo READY`;

const output = (proc: GroupProcess): Promise<string> => {
  let text = '';
  proc.stdout.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  return new Promise((resolve) => proc.stdout.on('close', () => resolve(text)));
};

const withName = (pattern: string): number[] => scanRunProcesses(pattern).map((p) => p.pid);

describe('process scopes', () => {
  test('outside a scope a host is a plain process group, as before', async () => {
    const proc = await spawnHost('sh', ['-c', 'exit 3'], { env: { PATH: process.env.PATH ?? '' }, cwd: '/' });
    // Its own exit first: stopping at once would race the shell with SIGTERM.
    expect(await proc.exited).toEqual({ code: 3, signal: null });
    expect(await stopGroup(proc)).toEqual({ code: 3, signal: null });
    expect('namespace' in proc).toBe(false);
  });

  test('a probe with a tool missing says which one, and hosts fall back to the sandbox scan', async () => {
    expect(await probeContainment({ unshare: null, perl: '/usr/bin/perl', mount: null })).toEqual({
      mechanism: 'process-scan',
      reason: 'unshare, mount not found on PATH',
    });
  });
});

describe.runIf(how.mechanism === 'pid-namespace')('hosts in PID namespaces', () => {
  test('the host leads its own session and its exact exit status comes back, by code and by signal', async () => {
    const marker = `mark-${randomBytes(6).toString('hex')}`;
    const byCode = await host('exit 7', marker);
    expect(await byCode.proc.exited).toEqual({ code: 7, signal: null });
    const bySignal = await host('echo up; read line', marker);
    const seen = output(bySignal.proc);
    const info = readProcess(bySignal.proc.pid);
    expect([info?.pgid, info?.sid]).toEqual([bySignal.proc.pid, bySignal.proc.pid]);
    await new Promise((resolve) => bySignal.proc.stdout.once('data', resolve));
    expect(await stopGroup(bySignal.proc, 2000)).toEqual({ code: null, signal: 'SIGTERM' });
    expect(await seen).toBe('up\n');
  });

  test('the host sees a /proc of its own namespace, so it can find and kill its own children', async () => {
    const marker = `mark-${randomBytes(6).toString('hex')}`;
    const { proc } = await host('sleep 60 & child=$!; if grep -q "^PPid:\\s*$$$" /proc/$child/status; then echo found; fi; kill $child; wait; exit 0', marker);
    expect(await output(proc)).toBe('found\n');
    expect(await proc.exited).toEqual({ code: 0, signal: null });
  });

  test('the host reads end of input and its output ends when it exits: the supervisor holds neither', async () => {
    const { proc } = await host('cat', 'unused');
    const seen = output(proc);
    proc.stdin.end('line\n');
    expect(await seen).toBe('line\n');
    expect(await proc.exited).toEqual({ code: 0, signal: null });
  });

  test('a missing host binary is reported as no process created', async () => {
    const scope = new ProcessScope();
    scopes.push(scope);
    await expect(scope.run(() => spawnHost('/no/such/host', [], { env: { PATH: '/usr/bin:/bin' }, cwd: '/' }))).rejects.toThrow(
      'cannot start /no/such/host: no process was created',
    );
  });

  test('a daemon with setsid, a double fork, env -i and cwd / escapes the sandbox scan but is a leftover of the scope, and close kills it', async () => {
    const marker = `mark-${randomBytes(6).toString('hex')}`;
    const name = `daemon-${marker.slice(5)}`;
    const { scope, proc } = await host(`NAME=${name}; ${DAEMONISE}`, marker);
    expect(await output(proc)).toBe('READY\n');
    await proc.exited;
    // READY comes before the background shell has exec'd `env -i`: until then it still holds the host's environment.
    const execd = (): number | undefined => withName(name).find((pid) => readProcess(pid)?.env.MARK === undefined);
    expect(await pollUntil(() => execd() !== undefined, 5000)).toBe(true);
    const daemon = execd();
    expect(daemon).toBeDefined();
    expect({ cwd: readlinkSync(`/proc/${daemon ?? 0}/cwd`), env: readProcess(daemon ?? 0)?.env.MARK, sandboxScan: scanRunProcesses(marker) }).toEqual({
      cwd: '/',
      env: undefined,
      sandboxScan: [],
    });
    const leftovers = await scope.leftovers(marker, () => 'other', 100);
    expect(leftovers.map((p) => p.pid)).toContain(daemon);
    expect(await scope.close()).toEqual([]);
    expect(withName(name)).toEqual([]);
  });

  test('when the harness dies, even by SIGKILL, its hosts namespaces die with it', async () => {
    const name = `daemon-${randomBytes(6).toString('hex')}`;
    const script = `import { ProcessScope, spawnHost } from ${JSON.stringify(fileURLToPath(new URL('./process-scope.ts', import.meta.url)))};
      const scope = new ProcessScope();
      const proc = await scope.run(() => spawnHost('sh', ['-c', ${JSON.stringify(`NAME=${name}; ${DAEMONISE}; sleep 60`)}], { env: { PATH: process.env.PATH }, cwd: '/' }));
      proc.stdout.pipe(process.stdout);`;
    const harness = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise((resolve) => harness.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('READY') && resolve(null)));
    const started = withName(name);
    expect(started.length).toBeGreaterThan(0);
    harness.kill('SIGKILL');
    await once(harness, 'exit');
    expect(await waitGone(started, 5000)).toEqual([]);
    expect(started.filter(isAlive)).toEqual([]);
  });
});
