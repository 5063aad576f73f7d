// The stdio fake, run from dist/ as a host would run it, driven by the SDK Client, its raw
// stdout read where the SDK hides what was written (exact line sizes, half lines, garbage).
// Needs a fresh build: npx tsc -p tsconfig.build.json
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ServerBehaviour } from './behaviour.js';
import type { Fault } from './fault-schema.js';
import { stdioFakeServerCommand } from './stdio-command.js';
import { DetachedStdioTransport, newClient } from './test-fixtures/clients.js';
import { JOURNAL_WAIT_MS, journaledAnswerTo } from './test-fixtures/journal-waits.js';
import { useStdioFakes } from './test-fixtures/stdio-fakes.js';

const fakes = useStdioFakes('/tmp/stdio-main-test');
const spawnFake = fakes.spawn;

async function connectFake(behaviour: ServerBehaviour, env?: Record<string, string>) {
  const fake = spawnFake(behaviour, env);
  const client = newClient();
  await client.connect(fake.transport, { timeout: 10_000 });
  return { ...fake, client };
}

function groupOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
}

/** Waits until the server has written `predicate`-satisfying bytes on stdout. */
async function stdoutUntil(transport: DetachedStdioTransport, predicate: (out: Buffer) => boolean): Promise<Buffer> {
  while (!predicate(transport.stdout)) await once(transport.child!.stdout!, 'data');
  return transport.stdout;
}

const oneCall = (fault: Fault): ServerBehaviour => ({ tools: [{ name: 't', outcome: fault as never }] });
const call = (id: number) => ({ jsonrpc: '2.0' as const, id, method: 'tools/call', params: { name: 't', arguments: {} } });

describe('stdio fake server', () => {
  it('journals argv, cwd, environment, pid, group and parent, and keeps a child in its group', async () => {
    const { transport, journal, client } = await connectFake({ tools: [{ name: 't' }] }, { PATH: process.env.PATH ?? '', ONLY_THIS: '1' });
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['t']);
    await journal.waitFor((e) => e.kind === 'start', JOURNAL_WAIT_MS);
    const start = journal.startInfo()!;
    const pid = transport.child!.pid!;
    expect(start).toMatchObject({ pid, pgid: pid, ppid: process.pid, cwd: process.cwd(), env: { PATH: process.env.PATH, ONLY_THIS: '1' } });
    expect(Object.keys(start.env).sort()).toEqual(['ONLY_THIS', 'PATH']);
    expect(start.argv).toContain('--behaviour');
    expect(groupOf(start.childPid!)).toBe(pid);
  });

  it('writes its stderr marker at start, handed over by the collector and never on its command line', async () => {
    const { transport, journal } = await connectFake({ stdio: { stderrText: 'MARKER-7f3a' } });
    await journal.waitFor((e) => e.kind === 'jsonrpc-in', 5_000);
    while (!transport.stderr.includes('MARKER-7f3a')) await once(transport.child!.stderr!, 'data');
    expect(transport.stderr).toContain('MARKER-7f3a');
    const argv = journal.startInfo()!.argv.join(' ');
    const behaviourWord = journal.startInfo()!.argv[journal.startInfo()!.argv.indexOf('--behaviour') + 1] ?? '';
    expect(`${argv} ${Buffer.from(behaviourWord, 'base64').toString('utf8')}`).not.toContain('MARKER-7f3a');
  });

  it('answers calls and journals them', async () => {
    const { client, journal } = await connectFake({ tools: [{ name: 'echo' }] });
    expect(await client.callTool({ name: 'echo', arguments: { a: 1 } })).toEqual({ content: [{ type: 'text', text: '{"a":1}' }] });
    await journaledAnswerTo(journal, 'tools/call');
    expect(journal.toolCalls('echo').map((c) => c.arguments)).toEqual([{ a: 1 }]);
    expect(journal.methods()).toEqual(['initialize', 'notifications/initialized', 'tools/call']);
  });

  it('exits mid-call with its code, leaving its child for the group reaper, the fault journaled first', async () => {
    const { client, journal, transport } = await connectFake(oneCall({ kind: 'crash', code: 3 }));
    const outcome = client.callTool({ name: 't', arguments: {} }).then(
      () => 'answered',
      () => 'failed',
    );
    expect(await transport.exited).toEqual({ code: 3, signal: null });
    expect(await outcome).toBe('failed');
    await fakes.collector().settled(2_000);
    expect(journal.entries().at(-1)).toMatchObject({ kind: 'fault', what: 'tools/call crash' });
    expect(groupOf(journal.startInfo()!.childPid!)).toBe(transport.child!.pid);
  });

  it('writes a non-JSON line on stdout, then answers when told so', async () => {
    const { client, transport } = await connectFake(oneCall({ kind: 'garbage', data: 'garbage line', thenAnswer: true }));
    const errors: Error[] = [];
    client.onerror = (e) => errors.push(e);
    expect(await client.callTool({ name: 't', arguments: {} })).toEqual({ content: [{ type: 'text', text: '{}' }] });
    expect(transport.stdout.toString()).toContain('\ngarbage line\n');
    expect(errors.length).toBeGreaterThan(0);
  });

  it.each([1024 * 1024, 1024 * 1024 + 1])('answers with one line holding a message of exactly %i bytes', async (bytes) => {
    const { transport } = await connectFake(oneCall({ kind: 'sized', bytes, fill: 'utf8-2' }));
    const before = transport.stdout.length;
    await transport.send(call(9));
    const out = await stdoutUntil(transport, (o) => o.indexOf('"id":9', before) >= 0 && o[o.length - 1] === 10);
    const line = out.subarray(before, out.length - 1);
    expect(line.length).toBe(bytes);
    expect(line.includes(10)).toBe(false);
    expect(JSON.parse(line.toString('utf8'))).toMatchObject({ id: 9, result: { content: [{ type: 'text' }] } });
  });

  it('writes half the answer line, without its newline, then stalls', async () => {
    const { transport, journal } = await connectFake(oneCall({ kind: 'partial' }));
    const before = transport.stdout.length;
    await transport.send(call(5));
    await journal.waitFor((e) => e.kind === 'fault' && e.what === 'tools/call partial', 5_000);
    const half = (await stdoutUntil(transport, (o) => o.length > before)).subarray(before);
    expect(half.toString()).toMatch(/^\{"jsonrpc":"2\.0","id":5/);
    expect(half.includes(10)).toBe(false);
  });

  it.each([
    [true, 'then serves'],
    [false, 'then stays silent'],
  ])('writes garbage on stdout at connect (thenAnswer %s: %s)', async (thenAnswer) => {
    const { transport, journal } = spawnFake({ stages: { connect: { kind: 'garbage', data: 'hello from a noisy server', thenAnswer } } });
    await transport.start();
    await stdoutUntil(transport, (o) => o.includes('hello from a noisy server\n'));
    await transport.send({ jsonrpc: '2.0', id: 0, method: 'ping' });
    if (thenAnswer) await stdoutUntil(transport, (o) => o.includes('"id":0'));
    else await expect(journal.waitFor((e) => e.kind === 'jsonrpc-in', 300)).rejects.toThrow(/within 300 ms/);
  });

  it('crashes at connect with the given code before reading anything', async () => {
    const { transport, journal } = spawnFake({ stages: { connect: { kind: 'crash', code: 7 } } });
    await transport.start();
    expect(await transport.exited).toEqual({ code: 7, signal: null });
    await fakes.collector().settled(2_000);
    expect(journal.startInfo()?.childPid).toBeNull();
    expect(journal.methods()).toEqual([]);
  });

  it('exits when stdin closes', async () => {
    const { transport, journal } = await connectFake({});
    await transport.close();
    expect(await transport.exited).toEqual({ code: 0, signal: null });
    await fakes.collector().settled(2_000);
    expect(journal.entries().at(-1)).toMatchObject({ kind: 'exit', reason: 'stdin-closed' });
  });

  it('closes its stdin after answering tools/list and stays up, so the next write meets EPIPE', async () => {
    const { transport, client } = await connectFake({ tools: [{ name: 't' }], stdio: { closeStdinAfterListing: true } });
    await client.listTools();
    const failed = once(transport.child!.stdin!, 'error');
    // The pipe's reader may close just after the answer is read: write until the kernel refuses.
    while (transport.child!.stdin!.writable && transport.child!.stdin!.write(`${JSON.stringify(call(1))}\n`))
      await new Promise((resolve) => setImmediate(resolve));
    expect(((await failed)[0] as NodeJS.ErrnoException).code).toBe('EPIPE');
    expect(transport.child!.exitCode).toBeNull();
  });

  it('exits on SIGTERM', async () => {
    const { transport, journal } = await connectFake({});
    transport.child!.kill('SIGTERM');
    expect(await transport.exited).toEqual({ code: 0, signal: null });
    await fakes.collector().settled(2_000);
    expect(journal.entries().at(-1)).toMatchObject({ kind: 'exit', reason: 'SIGTERM' });
  });

  it('stubborn, ignores the end of its stdin and SIGTERM (journaled) and only SIGKILL stops it', async () => {
    const { transport, journal } = await connectFake({ stdio: { stubborn: true } });
    await transport.close();
    transport.child!.kill('SIGTERM');
    // Either may reach the server first.
    for (const what of ['stdin-closed ignored', 'SIGTERM ignored']) await journal.waitFor((e) => e.kind === 'fault' && e.what === what, JOURNAL_WAIT_MS);
    expect(transport.child!.exitCode).toBeNull();
    transport.child!.kill('SIGKILL');
    expect(await transport.exited).toEqual({ code: null, signal: 'SIGKILL' });
  });

  it('with leaveChild, exits at end of input but leaves its child running in its group', async () => {
    const { transport, journal } = await connectFake({ stdio: { leaveChild: true } });
    await transport.close();
    expect(await transport.exited).toEqual({ code: 0, signal: null });
    await journal.waitFor((e) => e.kind === 'start', JOURNAL_WAIT_MS);
    const childPid = journal.startInfo()!.childPid!;
    expect(groupOf(childPid)).toBe(transport.child!.pid);
  });

  it('receives extraArgs on its command line exactly as given', async () => {
    const extraArgs = ['$(echo injected)', 'a;b', 'x|y', '>out', '*'];
    const { journal } = await connectFake({ stdio: { extraArgs } });
    await journal.waitFor((e) => e.kind === 'start', JOURNAL_WAIT_MS);
    expect(journal.startInfo()!.argv.slice(-extraArgs.length)).toEqual(extraArgs);
  });

  it('loses no entry written before kill -9', async () => {
    const { client, transport, journal } = await connectFake({ tools: [{ name: 'echo' }] });
    await client.callTool({ name: 'echo', arguments: { last: true } });
    // The answer is journaled before it is sent: once it is here, so is its entry, kill or not.
    await transport.killGroup();
    await fakes.collector().settled(2_000);
    const answered = journal.entries().filter((e) => e.kind === 'jsonrpc-out' && JSON.stringify(e.message).includes('{\\"last\\":true}'));
    expect(answered).toHaveLength(1);
  });

  it('refuses outcomes stdio cannot produce, naming the tool', () => {
    expect(() => stdioFakeServerCommand(oneCall({ kind: 'headers-then-silence' }), { address: '127.0.0.1:1', id: 'x' })).toThrow(
      /tools\[0\] \("t"\)\.outcome: "headers-then-silence"/,
    );
  });
});
