// The host profile of issue 8, for any host with a HostAdapter: launch to ready with 0, 3 and
// 10 servers, the parallel-connect ratio, discovery of 128 tools over 16 pages, the overhead
// the host adds to one MCP call, and its peak memory with 10 servers. Every host is measured
// against the same in-process fake servers and mock model (host-launch.ts).
import { monotonicMs } from '../../fake-servers/mcp/journal.js';
import type { Journal } from '../../fake-servers/mcp/journal.js';
import type { ServerBehaviour } from '../../fake-servers/mcp/behaviour.js';
import type { HostAdapter } from '../adapters/host-adapter.js';
import { toFigure, type Figure, type FigureDef } from './figure.js';
import { withLaunchedHost, type LaunchPlan } from './host-launch.js';
import { samplePeakRss, type PeakRssSampler } from './peak-rss.js';
import { median, repeat, type RepeatOptions } from './stats.js';

const STEP_DEADLINE_MS = 30_000;
const SLOW_INIT_MS = 1000;
const ECHO: ServerBehaviour = { tools: [{ name: 'echo', description: 'Echo text' }] };

export const HOST_FIGURES = {
  launch0: { id: 'host.launch-0', name: 'launch to ready, no servers', unit: 'ms', how: 'adapter start to the first ready prompt, no servers configured' },
  launch3: {
    id: 'host.launch-3',
    name: 'launch to ready, 3 servers',
    unit: 'ms',
    how: 'the same with 3 HTTP fake servers (one tool each), every server listed before ready',
  },
  launch10: { id: 'host.launch-10', name: 'launch to ready, 10 servers', unit: 'ms', how: 'the same with 10 HTTP fake servers' },
  parallel: {
    id: 'host.parallel-ratio',
    name: 'parallel-connect ratio (3 servers, initialize +1 s)',
    unit: 'ratio',
    how: 'launch to ready with 3 servers that each answer initialize after 1 s, divided by 1 s (sequential connects would give >= 3)',
  },
  discovery: {
    id: 'host.discovery-128',
    name: 'discovery of 128 tools over 16 pages',
    unit: 'ms',
    how: "launch to ready with one server of 128 tools on 16 pages minus with one tool on 1 page (paired launches), less the server's own extra tools/list time",
  },
  call: {
    id: 'host.call-overhead',
    name: 'overhead of one MCP call',
    unit: 'ms',
    how: 'from the mock model serving the function_call (its script step runs) to the tools/call reaching the fake server, approval answered as soon as it shows',
  },
  rss: {
    id: 'host.peak-rss-10',
    name: 'peak RSS, 10 servers, to ready',
    unit: 'MB',
    how: "sum over the host's process group of each process's VmHWM (/proc/PID/status), polled every 25 ms from start to ready",
  },
} as const satisfies Record<string, Omit<FigureDef, 'group'>>;

function servers(count: number, behaviour: ServerBehaviour): Record<string, ServerBehaviour> {
  return Object.fromEntries(Array.from({ length: count }, (_, i) => [`s${i + 1}`, behaviour]));
}

const readyOf = (adapter: HostAdapter, plan: LaunchPlan): Promise<number> => withLaunchedHost(adapter, plan, async (l) => l.readyMs);

/** Server-side time answering tools/list: each request's arrival to its answer, summed (ms). */
export function toolsListServerMs(journal: Journal): number {
  const arrived = new Map<unknown, number>();
  let ms = 0;
  for (const e of journal.entries()) {
    if (e.kind === 'jsonrpc-in' && e.message['method'] === 'tools/list') arrived.set(e.message['id'], e.mono);
    if (e.kind === 'jsonrpc-out' && arrived.has(e.message['id'])) {
      ms += e.mono - arrived.get(e.message['id'])!;
      arrived.delete(e.message['id']);
    }
  }
  return ms;
}

/** One discovery sample: a 128-tool/16-page launch against a 1-tool launch, server time removed. */
async function discoverySample(adapter: HostAdapter): Promise<number> {
  const launch = (behaviour: ServerBehaviour) =>
    withLaunchedHost(adapter, { servers: { big: behaviour } }, async (l) => ({
      readyMs: l.readyMs,
      serverMs: toolsListServerMs(l.servers['big']!.journal),
      pages: l.servers['big']!.journal.methods().filter((m) => m === 'tools/list').length,
    }));
  const big = await launch({ generateTools: { count: 128 }, toolsList: { pages: 16 } });
  if (big.pages !== 16) throw new Error(`${adapter.name}: expected 16 tools/list pages before ready, the server answered ${big.pages}`);
  const one = await launch(ECHO);
  return big.readyMs - one.readyMs - (big.serverMs - one.serverMs);
}

/** One call: the model asks for s1/echo once, the approval is answered at once. */
async function callSample(adapter: HostAdapter): Promise<number> {
  let servedAt = Number.NaN;
  const script: LaunchPlan['script'] = [
    () => {
      servedAt = monotonicMs();
      return { calls: [{ server: 's1', tool: 'echo', arguments: { text: 'bench' } }] };
    },
    { message: 'done' },
  ];
  return withLaunchedHost(adapter, { servers: servers(1, ECHO), script }, async ({ session, servers: fakes, model }) => {
    session.send('Call the echo tool once.');
    const approval = await session.waitForApproval(STEP_DEADLINE_MS);
    if (approval === null)
      throw new Error(
        `${adapter.name}: no approval request for the call; unresolved: ${JSON.stringify(model.journal.unresolved())}; screen:\n${session.screen().all.slice(-2000)}`,
      );
    session.answer('approve');
    const call = await fakes['s1']!.journal.waitFor((e) => e.kind === 'jsonrpc-in' && e.message['method'] === 'tools/call', STEP_DEADLINE_MS);
    return call.mono - servedAt;
  });
}

async function rssSample(adapter: HostAdapter): Promise<number> {
  const holder: { sampler?: PeakRssSampler } = {};
  const onStarted: LaunchPlan['onStarted'] = (session) => (holder.sampler = samplePeakRss(session.pid));
  // Stopped at ready, inside the launch: the last sample is taken while the host still runs.
  try {
    return await withLaunchedHost(adapter, { servers: servers(10, ECHO), onStarted }, async () => holder.sampler?.stop() ?? Number.NaN);
  } finally {
    holder.sampler?.stop(); // also when the launch failed (stopping twice is harmless)
  }
}

export interface ProfileOptions extends RepeatOptions {
  log?: (line: string) => void;
  /** Only these figures (ids of HOST_FIGURES); absent = all. */
  only?: readonly string[];
}

/** Measures the host-profile figures for `adapter` (all, or `only` those), each after its own warm-ups. */
export async function measureHostProfile(adapter: HostAdapter, options: ProfileOptions): Promise<Figure[]> {
  const slow: ServerBehaviour = { ...ECHO, stages: { initialize: { kind: 'delay', delayMs: SLOW_INIT_MS } } };
  const plans: [Omit<FigureDef, 'group'>, () => Promise<number>][] = [
    [HOST_FIGURES.launch0, () => readyOf(adapter, { servers: {} })],
    [HOST_FIGURES.launch3, () => readyOf(adapter, { servers: servers(3, ECHO) })],
    [HOST_FIGURES.launch10, () => readyOf(adapter, { servers: servers(10, ECHO) })],
    [HOST_FIGURES.parallel, async () => (await readyOf(adapter, { servers: servers(3, slow) })) / SLOW_INIT_MS],
    [HOST_FIGURES.discovery, () => discoverySample(adapter)],
    [HOST_FIGURES.call, () => callSample(adapter)],
    [HOST_FIGURES.rss, () => rssSample(adapter)],
  ];
  const figures: Figure[] = [];
  for (const [def, measure] of plans.filter(([def]) => options.only === undefined || options.only.includes(def.id))) {
    const samples = await repeat(options, measure);
    const figure = toFigure({ ...def, group: 'host' }, adapter.name, samples, options.warmups);
    options.log?.(`  ${adapter.name}: ${def.name}: median ${median(samples).toFixed(def.unit === 'ratio' ? 2 : 1)} ${def.unit} (${samples.length} runs)`);
    figures.push(figure);
  }
  return figures;
}
