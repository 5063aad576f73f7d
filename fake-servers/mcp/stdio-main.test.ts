// The stdio fake, run from dist/ as a host would run it, driven by the SDK Client.
// Needs a fresh build: npx tsc -p tsconfig.build.json
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ServerBehaviour } from './behaviour.js';
import { readStdioJournal, stdioFakeServerCommand } from './stdio-command.js';
import { DetachedStdioTransport, newClient } from './test-fixtures/clients.js';
import { requireBuilt } from '../../harness/vitest/require-built.js';

// The stdio fake runs from dist/: a stale build would test yesterday's server.
beforeAll(() => requireBuilt('dist/fake-servers/mcp/stdio-main.js', ['fake-servers/mcp']));

let transports: DetachedStdioTransport[] = [];
let dirs: string[] = [];
afterEach(async () => {
  await Promise.all(transports.map((t) => t.killGroup()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  transports = [];
  dirs = [];
});

function journalFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fake-mcp-'));
  dirs.push(dir);
  return join(dir, 'journal.jsonl');
}

function spawnFake(behaviour: ServerBehaviour, env: Record<string, string> = { PATH: process.env.PATH ?? '' }) {
  const file = journalFile();
  const transport = new DetachedStdioTransport(stdioFakeServerCommand(behaviour, file), env);
  transports.push(transport);
  return { transport, journal: readStdioJournal(file), file };
}

async function connectFake(behaviour: ServerBehaviour, env?: Record<string, string>) {
  const fake = spawnFake(behaviour, env);
  const client: Client = newClient();
  await client.connect(fake.transport, { timeout: 10_000 });
  return { ...fake, client };
}

function groupOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
}

describe('stdio fake server', () => {
  it('journals argv, cwd, environment, pid, group and parent, and keeps a child in its group', async () => {
    const { transport, journal, client } = await connectFake({ tools: [{ name: 't' }] }, { PATH: process.env.PATH ?? '', ONLY_THIS: '1' });
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['t']);
    const start = journal.startInfo()!;
    const pid = transport.child!.pid!;
    expect(start).toMatchObject({ pid, pgid: pid, ppid: process.pid, cwd: process.cwd(), env: { PATH: process.env.PATH, ONLY_THIS: '1' } });
    expect(Object.keys(start.env).sort()).toEqual(['ONLY_THIS', 'PATH']);
    expect(start.argv).toContain('--behaviour');
    expect(groupOf(start.childPid!)).toBe(pid);
  });

  it('writes its stderr marker at start', async () => {
    const { transport, journal } = await connectFake({ stdio: { stderrText: 'MARKER-7f3a' } });
    await journal.waitFor((e) => e.kind === 'jsonrpc-in', 5_000);
    // The transport's own listener runs first, so after each 'data' the text is appended.
    while (!transport.stderr.includes('MARKER-7f3a')) await once(transport.child!.stderr!, 'data');
    expect(transport.stderr).toContain('MARKER-7f3a');
  });

  it('answers calls and journals them in the file', async () => {
    const { client, journal } = await connectFake({ tools: [{ name: 'echo' }] });
    expect(await client.callTool({ name: 'echo', arguments: { a: 1 } })).toEqual({ content: [{ type: 'text', text: '{"a":1}' }] });
    expect(journal.toolCalls('echo').map((c) => c.arguments)).toEqual([{ a: 1 }]);
    expect(journal.methods()).toEqual(['initialize', 'notifications/initialized', 'tools/call']);
  });

  it('exits mid-call, leaving its child for the group reaper', async () => {
    const { client, journal, transport } = await connectFake({ tools: [{ name: 'die', outcome: { kind: 'exit', code: 3 } }] });
    const outcome = client.callTool({ name: 'die', arguments: {} }).then(() => 'answered', () => 'failed');
    expect(await transport.exited).toEqual({ code: 3, signal: null });
    expect(await outcome).toBe('failed');
    expect(journal.toolCalls('die')).toHaveLength(1);
    expect(groupOf(journal.startInfo()!.childPid!)).toBe(transport.child!.pid);
  });

  it('writes non-protocol bytes on stdout, then answers', async () => {
    const { client, transport } = await connectFake({ tools: [{ name: 'g', outcome: { kind: 'stdout-garbage', data: 'garbage line\n', thenText: 'after' } }] });
    const errors: Error[] = [];
    client.onerror = (e) => errors.push(e);
    expect(await client.callTool({ name: 'g', arguments: {} })).toEqual({ content: [{ type: 'text', text: 'after' }] });
    expect(errors.length).toBeGreaterThan(0);
    expect(transport.child!.exitCode).toBeNull();
  });

  it('crashes at start with exit code 1 before reading anything', async () => {
    const { transport, journal } = spawnFake({ crashAtStart: true });
    await transport.start();
    expect(await transport.exited).toEqual({ code: 1, signal: null });
    expect(journal.startInfo()?.childPid).toBeNull();
    expect(journal.methods()).toEqual([]);
  });

  it('exits when stdin closes', async () => {
    const { transport, journal } = await connectFake({});
    await transport.close();
    expect(await transport.exited).toEqual({ code: 0, signal: null });
    expect(journal.entries().at(-1)).toMatchObject({ kind: 'exit', reason: 'stdin-closed' });
  });

  it('exits on SIGTERM', async () => {
    const { transport, journal } = await connectFake({});
    transport.child!.kill('SIGTERM');
    expect(await transport.exited).toEqual({ code: 0, signal: null });
    expect(journal.entries().at(-1)).toMatchObject({ kind: 'exit', reason: 'SIGTERM' });
  });

  it('with leaveChild, exits at end of input but leaves its child running in its group', async () => {
    const { transport, journal } = await connectFake({ stdio: { leaveChild: true } });
    await transport.close();
    expect(await transport.exited).toEqual({ code: 0, signal: null });
    const childPid = journal.startInfo()!.childPid!;
    expect(groupOf(childPid)).toBe(transport.child!.pid);
  });

  it('receives extraArgs on its command line exactly as given', async () => {
    const extraArgs = ['$(echo injected)', 'a;b', 'x|y', '>out', '*'];
    const { journal } = await connectFake({ stdio: { extraArgs } });
    expect(journal.startInfo()!.argv.slice(-extraArgs.length)).toEqual(extraArgs);
  });

  it('keeps its journal readable after kill -9', async () => {
    const { client, transport, journal } = await connectFake({ tools: [{ name: 'hang', outcome: { kind: 'never' } }] });
    void client.callTool({ name: 'hang', arguments: {} }).catch(() => {});
    await journal.waitFor((e) => e.kind === 'fault' && e.what === 'tool-never', 5_000);
    await transport.killGroup();
    expect(journal.toolCalls('hang')).toHaveLength(1);
  });

  it('refuses outcomes stdio cannot produce, naming the tool', () => {
    expect(() => stdioFakeServerCommand({ tools: [{ name: 'x', outcome: { kind: 'drop' } }] }, '/tmp/j')).toThrow(/tools\[0\] \("x"\): outcome "drop"/);
  });
});
