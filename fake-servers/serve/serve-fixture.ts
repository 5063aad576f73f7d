// Starts one fixture (fake MCP servers + scripted model) for a host driven by hand, gives
// its addresses and a ready-to-paste mcpServers snippet, and afterwards tells what each
// part saw. Everything it starts is closed by close(), which is idempotent.
import { startHttpFakeServer } from '../mcp/http-server.js';
import type { Journal } from '../mcp/journal.js';
import { startJournalCollector, type JournalCollector } from '../mcp/journal-collector.js';
import type { Trap } from '../mcp/trap.js';
import { startMockModel, type MockModel } from '../model/mock-model.js';
import { DEFAULT_FIXTURE, FixtureError, readFixtureFile, type McpServerEntry, type ServeFixtureSpec } from './fixture.js';

export interface ServeOptions {
  /** JSON file in the ServeFixtureSchema shape. */
  behaviourFile?: string;
  /** A fixture built in code (e.g. a scenario resolved by the harness). */
  fixture?: ServeFixtureSpec;
}

export type ServerAddress = { url: string } | { command: string[] };

export interface ServeAddresses {
  model: string;
  servers: Record<string, ServerAddress>;
  /** The fixture's trap listener, when it has one. */
  trap?: string;
}

export interface RunningFixture {
  addresses: ServeAddresses;
  /** {"mcpServers": ...} in the common config shape, with the bearer header a fake requires. */
  mcpServersSnippet(): { mcpServers: Record<string, McpServerEntry> };
  /** What the model and each server saw so far, as lines of text. */
  summary(): string[];
  /** What the fixture could not serve as its source describes (for the person at the keyboard). */
  notes: readonly string[];
  model: MockModel;
  serverJournals(): Record<string, Journal>;
  close(): Promise<void>;
}

interface StartedServer {
  entry: McpServerEntry;
  journal: Journal;
  close(): Promise<void>;
}

function chooseFixture(options: ServeOptions): ServeFixtureSpec {
  if (options.fixture !== undefined && options.behaviourFile !== undefined) throw new FixtureError('give either --scenario or --behaviour, not both');
  if (options.fixture !== undefined) return options.fixture;
  return options.behaviourFile === undefined ? DEFAULT_FIXTURE : readFixtureFile(options.behaviourFile);
}

const addressOf = (entry: McpServerEntry): ServerAddress => ('url' in entry ? { url: entry.url } : { command: [entry.command, ...entry.args] });

/** Leaves out empty header/env maps so the snippet shows only what matters. */
function withValues<K extends 'headers' | 'env'>(key: K, values: Record<string, string>): { [P in K]?: Record<string, string> } {
  return (Object.keys(values).length > 0 ? { [key]: values } : {}) as { [P in K]?: Record<string, string> };
}

function counts(items: readonly string[]): string {
  const tally = new Map<string, number>();
  for (const item of items) tally.set(item, (tally.get(item) ?? 0) + 1);
  return [...tally].map(([item, n]) => `${item}×${n}`).join(', ') || 'nothing';
}

function serverSummary(name: string, journal: Journal): string[] {
  const lines = [`server ${name}: ${counts(journal.methods())}`];
  for (const call of journal.toolCalls()) lines.push(`  tools/call ${call.name} ${JSON.stringify(call.arguments)}`);
  return lines;
}

function modelSummary(model: MockModel): string[] {
  const requests = model.journal.requests();
  const rejected = requests.filter((r) => r.error !== undefined);
  const lines = [`model: ${requests.length} request(s), ${rejected.length} rejected`];
  for (const r of rejected) lines.push(`  request ${r.index} ${r.method} ${r.path}: ${r.error}`);
  for (const u of model.journal.unresolved()) lines.push(`  request ${u.requestIndex}: could not call ${u.target}: ${u.reason}`);
  return lines;
}

function trapSummary(trap: Trap): string[] {
  return [`trap: ${trap.hits().length} request(s)`, ...trap.hits().map((hit) => `  ${hit.method} ${hit.path}`)];
}

export async function serveFixture(options: ServeOptions = {}): Promise<RunningFixture> {
  const fixture = chooseFixture(options);
  const started = new Map<string, StartedServer>();
  const trap = fixture.trap;
  let collector: JournalCollector | undefined;
  let model: MockModel | undefined;
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    await Promise.all([model?.close(), trap?.close(), collector?.close(), ...[...started.values()].map((s) => s.close())]);
  };
  try {
    for (const [name, server] of Object.entries(fixture.servers)) {
      const bearer = server.behaviour.http?.requireBearer;
      if (server.transport === 'http') {
        const http = await startHttpFakeServer(server.behaviour);
        const headers = { ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}), ...server.headers };
        started.set(name, { entry: { url: http.url, ...withValues('headers', headers) }, journal: http.journal, close: http.close });
      } else {
        // stdio servers stream their journals to one collector while serve runs.
        const stdio = (collector ??= await startJournalCollector()).stdioServer(server.behaviour);
        // The host starts (and must stop) the stdio server; nothing to close here.
        started.set(name, {
          entry: { command: stdio.command, args: stdio.args, ...withValues('env', server.env ?? {}) },
          journal: stdio.journal,
          close: async () => undefined,
        });
      }
    }
    model = await startMockModel({ script: fixture.model?.script ?? [], ...(fixture.model?.apiKey ? { apiKey: fixture.model.apiKey } : {}) });
  } catch (error) {
    await close();
    throw error;
  }
  const running = model;
  const entries: [string, McpServerEntry][] = [
    ...[...started].map(([name, s]): [string, McpServerEntry] => [name, s.entry]),
    ...Object.entries(fixture.listed ?? {}),
  ];
  return {
    addresses: {
      model: running.baseUrl,
      servers: Object.fromEntries(entries.map(([name, entry]) => [name, addressOf(entry)])),
      ...(trap ? { trap: trap.url } : {}),
    },
    mcpServersSnippet: () => ({ mcpServers: Object.fromEntries(entries) }),
    summary: () => [
      ...modelSummary(running),
      ...[...started].flatMap(([name, s]) => serverSummary(name, s.journal)),
      ...(trap ? trapSummary(trap) : []),
      ...(collector && collector.refusals().length > 0 ? [`journal collector: ${collector.refusals().length} connection(s) refused`] : []),
    ],
    notes: fixture.notes ?? [],
    model: running,
    serverJournals: () => Object.fromEntries([...started].map(([name, s]) => [name, s.journal])),
    close,
  };
}
