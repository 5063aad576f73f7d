// Benchmark (not a test) of the fake MCP servers, against the targets of issue 3:
// an in-process HTTP fake started and answering initialize (median < 20 ms), and 1,000
// sequential tools/call round trips on loopback (< 2 s). Run: npx tsx benchmarks/fake-servers.bench.ts
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startHttpFakeServer } from '../fake-servers/mcp/http-server.js';

const STARTS = 50;
const CALLS = 1_000;

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function startAndInitialize(): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const begin = performance.now();
    const server = await startHttpFakeServer({ tools: [{ name: 'echo' }] });
    const client = await connect(server.url);
    times.push(performance.now() - begin);
    await client.close();
    await server.close();
  }
  return times;
}

interface Timing {
  wallMs: number;
  /** CPU time of this process (client and server both live here): robust to a loaded machine. */
  cpuMs: number;
}

async function timed(work: () => Promise<void>): Promise<Timing> {
  const cpu = process.cpuUsage();
  const begin = performance.now();
  await work();
  const used = process.cpuUsage(cpu);
  return { wallMs: performance.now() - begin, cpuMs: (used.user + used.system) / 1000 };
}

async function sequentialCalls(session: 'stateful' | 'stateless'): Promise<Timing> {
  const server = await startHttpFakeServer({ tools: [{ name: 'echo' }], http: { session } });
  const client = await connect(server.url);
  const timing = await timed(async () => {
    for (let i = 0; i < CALLS; i++) await client.callTool({ name: 'echo', arguments: { i } });
  });
  await client.close();
  await server.close();
  return timing;
}

/** The same number of bare POST round trips to a bare node:http server: what loopback costs right now. */
async function loopbackBaseline(): Promise<Timing> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const timing = await timed(async () => {
    for (let i = 0; i < CALLS; i++) await (await fetch(url, { method: 'POST', body: '{}' })).text();
  });
  server.closeAllConnections();
  server.close();
  return timing;
}

function line(label: string, t: Timing): string {
  return `${label}: wall ${t.wallMs.toFixed(0)} ms, cpu ${t.cpuMs.toFixed(0)} ms (${((t.wallMs / CALLS) * 1000).toFixed(0)} µs/call wall)`;
}

const starts = await startAndInitialize();
console.log(
  `HTTP fake started + initialize answered: median ${median(starts).toFixed(2)} ms over ${STARTS} (min ${Math.min(...starts).toFixed(2)}, max ${Math.max(...starts).toFixed(2)}) — target < 20 ms`,
);
console.log(line(`${CALLS} bare fetch POSTs (loopback baseline)`, await loopbackBaseline()));
for (const session of ['stateful', 'stateless'] as const) {
  console.log(`${line(`${CALLS} sequential tools/call (${session})`, await sequentialCalls(session))} — target < 2000 ms wall`);
}
