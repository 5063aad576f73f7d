// Benchmark (not a test) of the reference host against the targets of issue 2:
// - launch of the built `node bin/refhost.js` to `You> ` with no servers: median < 300 ms;
// - three stdio servers that each delay initialize by 1 s: ready in < 1.5 s (parallel);
// - discovery of a server with 128 tools over 16 pages: < 200 ms above the server's own time.
// Run: npm run build && npx tsx benchmarks/refhost.bench.ts [--quick]
import { join } from 'node:path';
import { startHttpFakeServer } from '../fake-servers/mcp/http-server.js';
import type { Journal } from '../fake-servers/mcp/journal.js';
import { readStdioJournal, stdioFakeServerCommand } from '../fake-servers/mcp/stdio-command.js';
import type { ServerBehaviour } from '../fake-servers/mcp/behaviour.js';
import { startMockModel } from '../fake-servers/model/mock-model.js';
import { bareNodeMedian, below, benchArgs, holds, median, report, requireBuilt, type TargetFigure } from './bench-kit.js';
import { createWorld, launchToPrompt, type RefhostWorld } from './refhost-launch.js';

const { quick } = benchArgs();
const RUNS = { launch: quick ? 5 : 20, parallel: quick ? 2 : 5, discovery: quick ? 3 : 10 };

requireBuilt('dist/reference-host/cli/main.js');
requireBuilt('dist/fake-servers/mcp/stdio-main.js');

/** Runs `runs` launches in one world, giving each a fresh configuration from `setup`. */
async function launches<T>(modelUrl: string, runs: number, setup: (world: RefhostWorld, run: number) => Promise<T>, after: (world: RefhostWorld, state: T, readyMs: number, screen: string) => Promise<void>): Promise<void> {
  for (let i = 0; i < runs; i++) {
    const world = createWorld(modelUrl);
    try {
      const state = await setup(world, i);
      const { readyMs, screen } = await launchToPrompt(world);
      await after(world, state, readyMs, screen);
    } finally {
      await world.dispose();
    }
  }
}

/** Server-side time spent answering tools/list: each request's arrival to its answer, summed. */
function toolsListServerMs(journal: Journal): { ms: number; pages: number } {
  const arrived = new Map<unknown, number>();
  let ms = 0;
  let pages = 0;
  for (const e of journal.entries()) {
    if (e.kind === 'jsonrpc-in' && e.message.method === 'tools/list') arrived.set(e.message.id, e.mono);
    if (e.kind === 'jsonrpc-out' && arrived.has(e.message.id) && 'result' in e.message && e.message.result !== null && typeof e.message.result === 'object' && 'tools' in e.message.result) {
      ms += e.mono - (arrived.get(e.message.id) ?? e.mono);
      pages += 1;
      arrived.delete(e.message.id);
    }
  }
  return { ms, pages };
}

const model = await startMockModel({ script: [] });
const targets: TargetFigure[] = [];
const notes: string[] = [];
try {
  // 1. No servers.
  const plain: number[] = [];
  await launches(model.baseUrl, RUNS.launch, async () => undefined, async (_w, _s, ms) => void plain.push(ms));
  targets.push(below(`launch to You> with no servers, median of ${RUNS.launch}`, median(plain), 300));
  targets.push(holds('start-up sent nothing to the model', model.journal.requests().length === 0));
  notes.push(`launch min ${Math.min(...plain).toFixed(1)} ms, max ${Math.max(...plain).toFixed(1)} ms; baseline node -e "" spawn to exit: median ${(await bareNodeMedian(RUNS.launch)).toFixed(1)} ms`);

  // 2. Three stdio servers, each answering initialize after 1 s.
  const parallel: number[] = [];
  const spreads: number[] = [];
  const slow: ServerBehaviour = { initialize: { kind: 'answer', delayMs: 1000 }, tools: [{ name: 'echo' }] };
  await launches(
    model.baseUrl,
    RUNS.parallel,
    async (world) => {
      const journals = ['a', 'b', 'c'].map((n) => join(world.root, `journal-${n}.jsonl`));
      world.writeServers(Object.fromEntries(journals.map((file, i) => [`slow${i + 1}`, { ...stdioFakeServerCommand(slow, file), env: {} }])));
      return journals;
    },
    async (_world, journals, ms, screen) => {
      const ready = screen.split('\n').filter((l) => /^MCP server slow\d: 1 tools from /.test(l)).length;
      if (ready !== 3) throw new Error(`expected three "MCP server slowN: 1 tools" lines, saw ${ready}; screen:\n${screen}`);
      parallel.push(ms);
      const inits = journals.map((f) => readStdioJournal(f).entries().find((e) => e.kind === 'jsonrpc-in' && e.message.method === 'initialize')?.mono ?? Number.NaN);
      spreads.push(Math.max(...inits) - Math.min(...inits));
    },
  );
  targets.push(below(`three stdio servers (initialize +1 s each) to You>, median of ${RUNS.parallel}`, median(parallel), 1500));
  notes.push(`three slow servers: initialize requests arrived within ${median(spreads).toFixed(1)} ms of each other (median spread; sequential would be >= 2000 ms)`);

  // 3. Discovery: 128 tools over 16 pages vs one tool on one page, same HTTP fake otherwise.
  const discover = async (behaviour: ServerBehaviour): Promise<{ readyMs: number[]; serverMs: number[] }> => {
    const readyMs: number[] = [];
    const serverMs: number[] = [];
    await launches(
      model.baseUrl,
      RUNS.discovery,
      async (world) => {
        const server = await startHttpFakeServer(behaviour);
        world.writeServers({ big: { url: server.url } });
        return server;
      },
      async (_world, server, ms, screen) => {
        await server.close();
        const { ms: own, pages } = toolsListServerMs(server.journal);
        const expected = behaviour.toolsList?.pages ?? 1;
        if (pages !== expected) throw new Error(`expected ${expected} tools/list pages, the server answered ${pages}; screen:\n${screen}`);
        readyMs.push(ms);
        serverMs.push(own);
      },
    );
    return { readyMs, serverMs };
  };
  const big = await discover({ generateTools: { count: 128 }, toolsList: { pages: 16 } });
  const one = await discover({ tools: [{ name: 'tool_0' }] });
  const above = median(big.readyMs) - median(one.readyMs) - (median(big.serverMs) - median(one.serverMs));
  targets.push(below(`discovery of 128 tools over 16 pages above the server's own time, medians of ${RUNS.discovery}`, above, 200));
  notes.push(
    `to You>: 128 tools/16 pages ${median(big.readyMs).toFixed(1)} ms, 1 tool/1 page ${median(one.readyMs).toFixed(1)} ms; ` +
      `server's own tools/list time ${median(big.serverMs).toFixed(1)} ms vs ${median(one.serverMs).toFixed(1)} ms`,
  );
} finally {
  await model.close();
}

// A MISS is a figure, not an error: the exit code is 0 whenever the measurements completed.
report('refhost (issue 2)', targets, notes);
