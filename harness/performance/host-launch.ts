// One launch of any host through its HostAdapter (issue 8 host profile): a fresh sandbox,
// in-process HTTP fake servers and a mock model that are the same for every host, the
// config written by the adapter, and the time from start to the host's first ready prompt.
// The fakes live in this process, so the host's process group holds the host alone (its
// memory is not mixed with the servers'). Everything started is stopped and reaped.
import { performance } from 'node:perf_hooks';
import type { HostAdapter, HostSession, ServerConfigEntry } from '../adapters/host-adapter.js';
import { createSandbox, type Sandbox } from '../sandbox/sandbox.js';
import { killLeftovers } from '../supervision/process-group.js';
import { scanRunProcesses } from '../supervision/proc-scan.js';
import type { ServerBehaviour } from '../../fake-servers/mcp/behaviour.js';
import { startHttpFakeServer, type HttpFakeServer } from '../../fake-servers/mcp/http-server.js';
import { startMockModel, type MockModel, type ModelStep } from '../../fake-servers/model/mock-model.js';

const READY_DEADLINE_MS = 60_000;
const API_KEY = 'sk-bench-not-a-real-key';

export interface LaunchPlan {
  /** One HTTP fake server per entry, started fresh for this launch. */
  servers: Record<string, ServerBehaviour>;
  script?: ModelStep[];
  /** Called right after the adapter started the host (before ready), e.g. to sample its memory. */
  onStarted?: (session: HostSession) => void;
}

export interface Launched {
  adapter: HostAdapter;
  session: HostSession;
  /** Adapter start to the first ready prompt (ms). */
  readyMs: number;
  servers: Record<string, HttpFakeServer>;
  model: MockModel;
  sandbox: Sandbox;
}

/** Every server must have answered at least one tools/list before the prompt counts as ready. */
function assertDiscovered(launched: Omit<Launched, 'readyMs'>): void {
  for (const [name, server] of Object.entries(launched.servers)) {
    if (!server.journal.methods().includes('tools/list')) {
      throw new Error(`${launched.adapter.name}: ready before listing the tools of server ${name}; screen:\n${launched.session.screen().all.slice(-2000)}`);
    }
  }
}

/** Launches `adapter` with `plan`, runs `body` on the ready host, then stops everything. */
export async function withLaunchedHost<T>(adapter: HostAdapter, plan: LaunchPlan, body: (launched: Launched) => Promise<T>): Promise<T> {
  const model = await startMockModel({ script: plan.script ?? [] });
  const servers: Record<string, HttpFakeServer> = {};
  const sandbox = createSandbox(`bench-${adapter.name}`);
  let session: HostSession | null = null;
  try {
    const entries: Record<string, ServerConfigEntry> = {};
    for (const [name, behaviour] of Object.entries(plan.servers)) {
      const server = await startHttpFakeServer(behaviour);
      servers[name] = server;
      entries[name] = { url: server.url, headers: {} };
    }
    adapter.config.write(sandbox, entries);
    const begin = performance.now();
    session = await adapter.start(sandbox, { modelUrl: model.baseUrl, apiKey: API_KEY, knobs: {}, resume: false });
    plan.onStarted?.(session);
    const ready = await session.waitForPrompt(READY_DEADLINE_MS);
    const readyMs = performance.now() - begin;
    if (!ready) throw new Error(`${adapter.name}: no ready prompt within ${READY_DEADLINE_MS} ms; screen:\n${session.screen().all.slice(-2000)}`);
    const launched = { adapter, session, servers, model, sandbox };
    assertDiscovered(launched);
    return await body({ ...launched, readyMs });
  } finally {
    if (session !== null) await session.kill();
    await killLeftovers(scanRunProcesses(sandbox.root));
    await sandbox.cleanup();
    await Promise.all(Object.values(servers).map((s) => s.close()));
    await model.close();
  }
}
