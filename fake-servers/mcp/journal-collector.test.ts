// The journal collector accepts only our stdio fake servers, as /proc shows them, and counts
// everyone else; a host can neither add lines to a journal nor break it. Real processes on
// loopback; the line protocol itself through a stand-in peer check.
// Needs a fresh build: npx tsc -p tsconfig.build.json
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requireBuilt } from '../../harness/vitest/require-built.js';
import { startJournalCollector, type JournalCollector, type PeerCheck } from './journal-collector.js';
import { encodeBehaviourArg } from './stdio-args.js';
import { DetachedStdioTransport, newClient } from './test-fixtures/clients.js';
import { JOURNAL_WAIT_MS } from './test-fixtures/journal-waits.js';
import { holdsListener, socketsOf } from './socket-peer.js';

beforeAll(() => requireBuilt('dist/stdio-fake.mjs', ['fake-servers/mcp']));

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function collector(checkPeer?: PeerCheck): Promise<JournalCollector> {
  const c = await startJournalCollector(checkPeer ? { checkPeer } : {});
  cleanups.push(() => c.close());
  return c;
}

function run(command: string, args: string[], env: Record<string, string> = { PATH: process.env.PATH ?? '' }): DetachedStdioTransport {
  const transport = new DetachedStdioTransport({ command, args }, env);
  cleanups.push(() => transport.killGroup());
  return transport;
}

/** A raw TCP client to the collector; resolves with all it was told when the collector closes it. */
async function rawPeer(address: string, lines: string[], before = false): Promise<string> {
  const [host, port] = address.split(':');
  const socket: Socket = connect(Number(port), host);
  await once(socket, 'connect');
  if (before) socket.write(lines.join(''));
  let told = '';
  socket.on('data', (d: Buffer) => {
    told += d.toString();
    if (!before && told.includes('\n')) {
      const { challenge } = JSON.parse(told.slice(0, told.indexOf('\n'))) as { challenge?: string };
      socket.end([`{"hello":"${challenge}"}\n`, ...lines].join(''));
    }
  });
  await once(socket, 'close');
  return told;
}

describe('journal collector', () => {
  it('refuses and counts a peer that is not our stdio server, without breaking any journal', async () => {
    const c = await collector();
    const server = c.stdioServer({});
    const told = await rawPeer(c.address, ['{"kind":"exit","reason":"forged","seq":0,"t":0,"mono":0}\n'], true);
    expect(told).toMatch(/"refused":"process \d+ does not run .*stdio-fake\.mjs as its script"/);
    expect(c.refusals()).toEqual([expect.objectContaining({ pids: [process.pid] })]);
    expect(server.journal.entries()).toEqual([]);
  });

  it('refuses our server started with another behaviour than the one registered for its id', async () => {
    const c = await collector();
    const server = c.stdioServer({ tools: [{ name: 'real' }] });
    const args = [...server.args];
    args[args.indexOf('--behaviour') + 1] = encodeBehaviourArg({ tools: [{ name: 'swapped' }] });
    const transport = run(server.command, args);
    await transport.start();
    expect((await transport.exited)?.code).toBe(2);
    expect(transport.stderr).toMatch(/journal collector refused this process: .*not started with the registered command line/);
    expect(c.refusals()).toHaveLength(1);
  });

  it('refuses our server with code preloaded through NODE_OPTIONS, and accepts harmless NODE_OPTIONS', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'collector-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, 'preload.cjs'), '');
    const c = await collector();
    const server = c.stdioServer({});
    const preloaded = run(server.command, server.args, { PATH: process.env.PATH ?? '', NODE_OPTIONS: `--require ${join(dir, 'preload.cjs')}` });
    await preloaded.start();
    expect((await preloaded.exited)?.code).toBe(2);
    expect(c.refusals()[0]?.reason).toMatch(/NODE_OPTIONS that load code/);
    const client = newClient();
    await client.connect(run(server.command, server.args, { PATH: process.env.PATH ?? '', NODE_OPTIONS: '--max-old-space-size=256' }), { timeout: 10_000 });
    await server.journal.waitFor((e) => e.kind === 'start', JOURNAL_WAIT_MS);
    expect(server.journal.startInfo()?.env.NODE_OPTIONS).toBe('--max-old-space-size=256');
  });

  it('keeps the inspector closed when the host signals SIGUSR1', async () => {
    const c = await collector();
    const server = c.stdioServer({ tools: [{ name: 't' }] });
    const transport = run(server.command, server.args);
    const client = newClient();
    await client.connect(transport, { timeout: 10_000 });
    process.kill(transport.child!.pid!, 'SIGUSR1');
    expect((await client.listTools()).tools).toHaveLength(1);
    expect(holdsListener(socketsOf(transport.child!.pid!))).toBe(false);
  });

  it('attributes each process of a restarted server to its journal, in order', async () => {
    const c = await collector();
    const server = c.stdioServer({});
    for (let i = 0; i < 2; i++) {
      const transport = run(server.command, server.args);
      await newClient().connect(transport, { timeout: 10_000 });
      await transport.close();
      await transport.exited;
    }
    await c.settled(2_000);
    const kinds = server.journal
      .entries()
      .filter((e) => e.kind === 'start' || e.kind === 'exit')
      .map((e) => e.kind);
    expect(kinds).toEqual(['start', 'exit', 'start', 'exit']);
  });

  it('counts bytes sent before the challenge as forged', async () => {
    let id = '';
    const c = await collector(() => ({ id }));
    const server = c.stdioServer({});
    id = server.journalId;
    await rawPeer(c.address, ['{"kind":"exit","reason":"forged","seq":0,"t":0,"mono":0}\n'], true);
    expect(c.refusals()).toEqual([expect.objectContaining({ reason: 'it did not answer the challenge first' })]);
    expect(server.journal.entries()).toEqual([]);
  });

  it('makes a journal unreadable when a verified server sends a line that is not an entry, and ignores a cut last line', async () => {
    let id = '';
    const c = await collector(() => ({ id }));
    const server = c.stdioServer({});
    id = server.journalId;
    await rawPeer(c.address, ['{"kind":"exit","reason":"ok","seq":0,"t":0,"mono":0}\n', '{"kind":"exit","rea']);
    await c.settled(2_000);
    expect(server.journal.entries()).toEqual([expect.objectContaining({ reason: 'ok' })]);
    await rawPeer(c.address, ['{"kind":"nonsense"}\n']);
    await c.settled(2_000);
    expect(() => server.journal.entries()).toThrow(/journal .*journal-\w+ \(connection 1\) line 1: not a journal entry/);
  });
});

describe('stdio server without a collector', () => {
  it('exits with a clear message when nothing answers at its journal address', async () => {
    const c = await collector();
    const server = c.stdioServer({});
    await c.close();
    const transport = run(server.command, server.args);
    await transport.start();
    expect((await transport.exited)?.code).toBe(2);
    expect(transport.stderr).toMatch(/^fake-mcp stdio: connect ECONNREFUSED/);
  });
});
