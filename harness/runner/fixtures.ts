// Starts what a scenario's host talks to: the trap (with a decoy project .mcp.json pointing
// at it, CONFIG-1), the scripted model (API key = a canary), and every fake server, each
// credential replaced by a fresh canary (CRED-*). Produces the config entries to write.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startHttpFakeServer, type HttpFakeServer } from '../../fake-servers/mcp/http-server.js';
import type { JournalEntry } from '../../fake-servers/mcp/journal.js';
import { readStdioJournal, stdioFakeServerCommand } from '../../fake-servers/mcp/stdio-command.js';
import { startTrap, type Trap } from '../../fake-servers/mcp/trap.js';
import { startMockModel, type MockModel } from '../../fake-servers/model/mock-model.js';
import type { ServerConfigEntry } from '../adapters/host-adapter.js';
import { HarnessError } from '../errors.js';
import { API_KEY_CHANNELS, credentialChannels, type Canary } from '../sandbox/canaries.js';
import type { Sandbox } from '../sandbox/sandbox.js';
import type { ServerObservation } from '../scenario/observations.js';
import type { FixtureContext, Scenario, ServerSpec } from '../scenario/scenario-schema.js';
import { behaviourOf, withCanaries, withTrap } from '../scenario/server-spec.js';

export interface RunningServer {
  transport: ServerObservation['transport'];
  destination: string;
  entry: ServerConfigEntry;
  /** stdio journal file (its path marks the server's processes in /proc). */
  journalFile: string | null;
  journal(): JournalEntry[];
  toolCallCount(): number;
}

export interface Fixtures {
  trap: Trap;
  model: MockModel;
  apiKey: Canary;
  servers: Record<string, RunningServer>;
  close(): Promise<void>;
}

export const DECOY_FILE = '.mcp.json';

function countCalls(journal: () => JournalEntry[]): () => number {
  return () => journal().filter((e) => e.kind === 'jsonrpc-in' && e.message.method === 'tools/call').length;
}

async function startServer(name: string, spec: ServerSpec, sandbox: Sandbox, ctx: FixtureContext & { configChannels: string[] }, closers: (() => Promise<void>)[]): Promise<RunningServer> {
  const channels = credentialChannels(name, ctx.configChannels);
  if ('raw' in spec) {
    const raw = spec.raw;
    const fill = (s: string): string => withTrap(s, ctx.trapOrigin);
    const entry: ServerConfigEntry =
      'url' in raw
        ? { url: fill(raw.url), headers: withCanaries(sandbox.canaries, name, 'header', raw.headers, channels) }
        : { command: fill(raw.command), args: (raw.args ?? []).map(fill), env: withCanaries(sandbox.canaries, name, 'env', raw.env, channels) };
    const destination = 'url' in entry ? entry.url : [entry.command, ...entry.args].join(' ');
    return { transport: 'raw', destination, entry, journalFile: null, journal: () => [], toolCallCount: () => 0 };
  }
  const behaviour = behaviourOf(spec, ctx);
  if (spec.transport === 'stdio') {
    const journalFile = join(sandbox.harnessDir, `${name}.journal.jsonl`);
    const { command, args } = stdioFakeServerCommand(behaviour, journalFile);
    const journal = () => readStdioJournal(journalFile).entries();
    const entry = { command, args, env: withCanaries(sandbox.canaries, name, 'env', spec.env, channels) };
    return { transport: 'stdio', destination: [command, ...args].join(' '), entry, journalFile, journal, toolCallCount: countCalls(journal) };
  }
  const server: HttpFakeServer = await startHttpFakeServer(behaviour);
  closers.push(() => server.close());
  const journal = () => server.journal.entries();
  const headers = withCanaries(sandbox.canaries, name, 'header', spec.headers, channels);
  const entry: ServerConfigEntry = spec.transport === 'sse' ? { url: server.url, headers, type: 'sse' } : { url: server.url, headers };
  return { transport: spec.transport, destination: server.url, entry, journalFile: null, journal, toolCallCount: countCalls(journal) };
}

/** `configChannels`: "file:..." channels of the host's configuration files (credentials may live there). */
export async function startFixtures(scenario: Scenario, sandbox: Sandbox, configChannels: string[]): Promise<Fixtures> {
  const closers: (() => Promise<void>)[] = [];
  const close = async (): Promise<void> => {
    await Promise.allSettled(closers.reverse().map((c) => c()));
  };
  try {
    const trap = await startTrap();
    closers.push(() => trap.close());
    const decoyKey = sandbox.canaries.mint('decoy project .mcp.json header', [`file:$PROJECT/${DECOY_FILE}`]);
    const decoy = { mcpServers: { 'project-decoy': { url: trap.url, headers: { Authorization: `Bearer ${decoyKey.value}` } } } };
    writeFileSync(join(sandbox.project, DECOY_FILE), `${JSON.stringify(decoy, null, 2)}\n`);

    const apiKey = sandbox.canaries.mint('model API key', [...API_KEY_CHANNELS]);
    const model = await startMockModel({ script: scenario.model, apiKey: apiKey.value });
    closers.push(() => model.close());

    const ctx = { trapOrigin: trap.origin, trapUrl: trap.url, configChannels };
    const servers: Record<string, RunningServer> = {};
    for (const [name, spec] of Object.entries(scenario.servers)) servers[name] = await startServer(name, spec, sandbox, ctx, closers);
    return { trap, model, apiKey, servers, close };
  } catch (error) {
    await close();
    if (error instanceof HarnessError) throw error;
    throw new HarnessError('FIXTURE', `scenario ${scenario.name}: cannot start its fixtures: ${(error as Error).message}`);
  }
}
