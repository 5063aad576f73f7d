import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isMcpLayerError } from './errors.js';
import { spawn } from 'node:child_process';
import { buildStdioEnv, closeAllStdioGroups, liveStdioGroupCount, STDIO_SPAWN_OPTIONS, StdioProcessTransport, type SpawnStdio } from './stdio-transport.js';
import { isRunning, ownProcessGroup, readInfo, STDIO_FIXTURE } from './test-fixtures/process-state.js';

const INITIALIZE: JSONRPCMessage = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'refhost-stdio-'));
});
afterEach(async () => {
  await closeAllStdioGroups();
  rmSync(dir, { recursive: true, force: true });
});

function fixture(mode: string, extraArgs: string[] = [], env: Record<string, string> = {}): { transport: StdioProcessTransport; info: string } {
  const info = join(dir, `${mode}.json`);
  const transport = new StdioProcessTransport({
    command: process.execPath,
    args: [STDIO_FIXTURE, mode, info, ...extraArgs],
    env: buildStdioEnv(process.env, env),
    killGraceMs: 500,
  });
  return { transport, info };
}

/** Resolves with the first message matching `pred`; rejects at the deadline. */
function nextMessage(transport: StdioProcessTransport, pred: (m: JSONRPCMessage) => boolean, ms = 5000): Promise<JSONRPCMessage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no matching message before the deadline')), ms);
    transport.onmessage = (m) => {
      if (pred(m)) {
        clearTimeout(timer);
        resolve(m);
      }
    };
  });
}

const isInitAnswer = (m: JSONRPCMessage): boolean => 'id' in m && m.id === 1;

describe('buildStdioEnv', () => {
  it('keeps only PATH, HOME and LANG from the host plus the configured variables', () => {
    const env = buildStdioEnv({ PATH: '/bin', HOME: '/h', OPENAI_API_KEY: 'sk', SHELL: '/bin/sh' }, { TOKEN: 't' });
    expect(env).toEqual({ PATH: '/bin', HOME: '/h', TOKEN: 't' });
  });
});

describe('StdioProcessTransport', () => {
  it('runs the server without a shell, in its own group, with the exact environment and stderr discarded', async () => {
    const literal = ['$(touch pwned)', 'a;b', 'x|y', '>out', '*'];
    const { transport, info } = fixture('ok', literal, { TOKEN: 'configured' });
    await transport.start();
    const answered = nextMessage(transport, isInitAnswer);
    await transport.send(INITIALIZE);
    await answered;
    const seen = readInfo(info);
    expect(seen.argv.slice(2)).toEqual(literal);
    expect(seen.pgid).toBe(seen.pid);
    expect(seen.pgid).not.toBe(ownProcessGroup());
    const expectedEnv = { ...buildStdioEnv(process.env, {}), TOKEN: 'configured' };
    expect(seen.env).toEqual(expectedEnv);
    expect(seen.stderr).toBe('/dev/null');
  });

  it('hands an injected spawn the conforming options: no shell, own group, stderr ignored, exact env', async () => {
    const seen: Parameters<SpawnStdio>[] = [];
    const env = buildStdioEnv(process.env, {});
    const transport = new StdioProcessTransport({
      command: process.execPath,
      args: [STDIO_FIXTURE, 'ok', join(dir, 'seam.json')],
      env,
      spawn: (command, args, options) => (seen.push([command, args, options]), spawn(command, [...args], options)),
    });
    await transport.start();
    expect(seen).toEqual([[process.execPath, [STDIO_FIXTURE, 'ok', join(dir, 'seam.json')], { ...STDIO_SPAWN_OPTIONS, env }]]);
    expect(STDIO_SPAWN_OPTIONS).toMatchObject({ shell: false, detached: true, stdio: ['pipe', 'pipe', 'ignore'] });
    await transport.close();
  });

  it('close() stops and reaps the whole group, including a grandchild that ignores SIGTERM', async () => {
    const { transport, info } = fixture('ok');
    await transport.start();
    const answered = nextMessage(transport, isInitAnswer);
    await transport.send(INITIALIZE);
    await answered;
    const { pid, grandchild } = readInfo(info);
    expect(isRunning(grandchild)).toBe(true);
    let closed = 0;
    transport.onclose = () => void (closed += 1);
    await transport.close();
    await transport.close();
    expect(isRunning(pid)).toBe(false);
    expect(isRunning(grandchild)).toBe(false);
    expect(closed).toBe(1);
    expect(liveStdioGroupCount()).toBe(0);
  });

  it('close() falls back to SIGKILL when the server ignores SIGTERM', async () => {
    const { transport, info } = fixture('stubborn');
    await transport.start();
    const answered = nextMessage(transport, isInitAnswer);
    await transport.send(INITIALIZE);
    await answered;
    const { pid } = readInfo(info);
    await transport.close();
    expect(isRunning(pid)).toBe(false);
  });

  it('skips non-JSON lines, reports them, and still delivers the messages after them', async () => {
    const { transport } = fixture('noisy');
    const errors: Error[] = [];
    transport.onerror = (e) => errors.push(e);
    await transport.start();
    const answered = nextMessage(transport, isInitAnswer);
    await transport.send(INITIALIZE);
    await answered;
    expect(errors.some((e) => isMcpLayerError(e, 'protocol'))).toBe(true);
  });

  it('reports a line over 1 MiB as oversize and drops it', async () => {
    const { transport } = fixture('huge-line');
    const oversize = new Promise<Error>((resolve) => {
      transport.onerror = (e) => isMcpLayerError(e, 'oversize') && resolve(e);
    });
    const messages: JSONRPCMessage[] = [];
    transport.onmessage = (m) => messages.push(m);
    await transport.start();
    expect((await oversize).message).toBe('message larger than the 1 MiB message limit');
    expect(messages).toEqual([]);
  });

  it('reports a server that exits on its own through onclose and kills what it left behind', async () => {
    const { transport, info } = fixture('crash');
    const closed = new Promise<void>((resolve) => {
      transport.onclose = resolve;
    });
    await transport.start();
    await closed;
    expect(transport.exitReason).toBe('server process exited (code 1)');
    expect(isRunning(readInfo(info).grandchild)).toBe(false);
    await expect(transport.send(INITIALIZE)).rejects.toSatisfy((e) => isMcpLayerError(e, 'closed'));
  });

  it('rejects start() with a spawn error when the command does not exist', async () => {
    const transport = new StdioProcessTransport({ command: join(dir, 'no-such-command'), args: [], env: {} });
    await expect(transport.start()).rejects.toSatisfy((e) => isMcpLayerError(e, 'spawn'));
  });

  it('closeAllStdioGroups() stops every live server', async () => {
    const a = fixture('hang');
    const b = fixture('ok');
    await Promise.all([a.transport.start(), b.transport.start()]);
    expect(liveStdioGroupCount()).toBe(2);
    await closeAllStdioGroups();
    expect(liveStdioGroupCount()).toBe(0);
    expect(isRunning(a.transport.pid ?? 0)).toBe(false);
  });
});
