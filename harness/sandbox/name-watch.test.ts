// NET-4: the name watch records every question and answers NXDOMAIN; a host in its own mount
// namespace asks the watch whatever it looks up (the machine's resolver is never used).
import { Resolver } from 'node:dns/promises';
import { afterEach, describe, expect, test } from 'vitest';
import { containment } from '../supervision/pid-namespace.js';
import { ProcessScope, spawnHost } from '../supervision/process-scope.js';
import { nxdomain, parseQuestion, startNameWatch, type NameWatch } from './name-watch.js';

const watches: NameWatch[] = [];
afterEach(async () => {
  await Promise.all(watches.splice(0).map((w) => w.close()));
});

async function watch(): Promise<NameWatch> {
  const started = await startNameWatch();
  if ('problem' in started) throw new Error(started.problem);
  watches.push(started);
  return started;
}

/** A query for name/type as a resolver writes it (id 0x1234, recursion desired). */
function query(name: string, type: number): Buffer {
  const labels = name.split('.').map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l)]));
  const tail = Buffer.alloc(5);
  tail.writeUInt16BE(type, 1);
  tail.writeUInt16BE(1, 3);
  return Buffer.concat([Buffer.from([0x12, 0x34, 0x01, 0x00, 0, 1, 0, 0, 0, 0, 0, 0]), ...labels, tail]);
}

const root = (await containment()).mechanism === 'pid-namespace';

describe('name watch', () => {
  test('a question is read with its name in lower case and its type', () => {
    expect(parseQuestion(query('Telemetry.Example.invalid', 28))).toEqual({
      name: 'telemetry.example.invalid',
      type: 'AAAA',
      end: query('Telemetry.Example.invalid', 28).length,
    });
  });

  test('a truncated or empty packet is no question', () => {
    expect(parseQuestion(query('a.b', 1).subarray(0, 14))).toBeNull();
    expect(parseQuestion(Buffer.alloc(4))).toBeNull();
  });

  test('the answer is NXDOMAIN for the same id and question', () => {
    const q = query('x.invalid', 1);
    const answer = nxdomain(q, parseQuestion(q)?.end ?? 0);
    expect(answer.readUInt16BE(0)).toBe(0x1234);
    expect(answer.readUInt16BE(2) & 0x800f).toBe(0x8003);
    expect(answer.subarray(12)).toEqual(q.subarray(12));
  });

  test.skipIf(!root)('a resolver pointed at the watch is told the name does not exist, and the question is recorded', async () => {
    const w = await watch();
    const resolver = new Resolver({ timeout: 2000, tries: 1 });
    resolver.setServers([w.address]);
    await expect(resolver.resolve4('updates.example.invalid')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    expect(w.lookups().map((l) => `${l.type} ${l.name}`)).toEqual(['A updates.example.invalid']);
  });

  test.skipIf(!root)('a host in a scope with the watch looks names up there and nowhere else, and cannot rewrite its resolver', async () => {
    const w = await watch();
    const scope = new ProcessScope(w.resolvConf);
    try {
      const proc = await scope.run(() =>
        spawnHost(
          'sh',
          ['-c', 'cat /etc/resolv.conf; echo "nameserver 127.0.0.1" > /etc/resolv.conf || echo read-only; getent ahostsv4 phone.example.invalid; echo done'],
          { env: { PATH: process.env.PATH ?? '' }, cwd: '/tmp' },
        ),
      );
      let out = '';
      proc.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
      await proc.exited;
      expect(out).toContain(`nameserver ${w.address}`);
      // A host running as root cannot point its lookups elsewhere.
      expect(out).toContain('read-only');
      expect(w.lookups().map((l) => l.name)).toContain('phone.example.invalid');
    } finally {
      await scope.close();
    }
  });
});
