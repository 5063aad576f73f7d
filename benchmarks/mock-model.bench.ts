// Benchmark (not a test): how fast the mock Responses API starts and answers, driven by the
// official openai client over loopback, next to the mock's own cost (handlers in-process)
// and a bare node:http round trip on the same machine. Run: npx tsx benchmarks/mock-model.bench.ts
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { getResponse } from 'msw';
import OpenAI from 'openai';
import { createModelHandlers } from '../fake-servers/model/handlers.js';
import { startMockModel } from '../fake-servers/model/mock-model.js';

export interface MockModelFigures {
  startMedianMs: number;
  createMedianMs: number;
  streamMedianMs: number;
  handlerMedianMs: number;
  bareHttpMedianMs: number;
  rounds: number;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function sample(rounds: number, action: () => Promise<unknown>): Promise<number> {
  // Untimed warm-up rounds, so the figures are not dominated by JIT compilation.
  for (let i = 0; i < Math.min(rounds, 20); i++) await action();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await action();
    times.push(performance.now() - start);
  }
  return median(times);
}

async function bareHttpMedian(rounds: number, body: string): Promise<number> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/responses`;
  try {
    return await sample(rounds, async () => (await fetch(url, { method: 'POST', body })).text());
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

export async function benchMockModel(rounds = 200): Promise<MockModelFigures> {
  const tools = [{ type: 'function' as const, name: 'mcp_docs_search', parameters: {}, strict: false }];
  const body = JSON.stringify({ model: 'm', input: 'hi', tools });
  const startMedianMs = await sample(20, async () => (await startMockModel({ script: [] })).close());
  const { handlers } = createModelHandlers({ script: [] });
  const handlerMedianMs = await sample(rounds, async () =>
    (await getResponse(handlers, new Request('http://x/v1/responses', { method: 'POST', body })))?.text(),
  );
  const bareHttpMedianMs = await bareHttpMedian(rounds, body);
  const mock = await startMockModel({ script: [] });
  try {
    const client = new OpenAI({ baseURL: mock.baseUrl, apiKey: 'sk-bench', maxRetries: 0 });
    const createMedianMs = await sample(rounds, () => client.responses.create({ model: 'm', input: 'hi', tools }));
    const streamMedianMs = await sample(rounds, () => client.responses.stream({ model: 'm', input: 'hi', tools }).finalResponse());
    return { startMedianMs, createMedianMs, streamMedianMs, handlerMedianMs, bareHttpMedianMs, rounds };
  } finally {
    await mock.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const f = await benchMockModel();
  const ms = (v: number): string => `${v.toFixed(2)} ms`;
  process.stdout.write(
    [
      `mock model start + close, median of 20: ${ms(f.startMedianMs)} (start includes close)`,
      `responses.create round trip (openai client, loopback), median of ${f.rounds}: ${ms(f.createMedianMs)}`,
      `responses.stream finalResponse round trip, median of ${f.rounds}: ${ms(f.streamMedianMs)}`,
      `handlers alone (msw getResponse, no HTTP), median of ${f.rounds}: ${ms(f.handlerMedianMs)}`,
      `baseline: fetch to a bare node:http server, median of ${f.rounds}: ${ms(f.bareHttpMedianMs)}`,
    ].join('\n') + '\n',
  );
}
