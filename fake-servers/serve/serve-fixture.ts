// Starts one fixture (fake MCP servers + scripted model) for a host driven by hand, gives
// its addresses and a ready-to-paste mcpServers snippet, and afterwards tells what each
// part saw. Everything it starts is closed by close(), which is idempotent.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHttpFakeServer } from '../mcp/http-server.js';
import type { Journal } from '../mcp/journal.js';
import { readStdioJournal } from '../mcp/journal.js';
import { stdioFakeServerCommand } from '../mcp/stdio-command.js';
import { startMockModel, type MockModel } from '../model/mock-model.js';
import { DEFAULT_FIXTURE, FixtureError, readFixtureFile, type ServeFixture } from './fixture.js';

export interface ServeOptions {
  /** JSON file in the ServeFixtureSchema shape. */
  behaviourFile?: string;
  /** A named scenario's fixture (not yet available). */
  scenarioName?: string;
}

export type ServerAddress = { url: string } | { command: string[] };

export interface ServeAddresses {
  model: string;
  servers: Record<string, ServerAddress>;
}

export interface RunningFixture {
  addresses: ServeAddresses;
  /** {"mcpServers": ...} in the common config shape, with the bearer header a fake requires. */
  mcpServersSnippet(): { mcpServers: Record<string, { url: string; headers?: Record<string, string> } | { command: string; args: string[] }> };
  /** What the model and each server saw so far, as lines of text. */
  summary(): string[];
  model: MockModel;
  /** Where stdio servers write their journals (null without any); kept after close, since a host may still run them. */
  journalDir: string | null;
  serverJournals(): Record<string, Journal>;
  close(): Promise<void>;
}

interface StartedServer {
  address: ServerAddress;
  journal: Journal;
  bearer?: string;
  close(): Promise<void>;
}

function chooseFixture(options: ServeOptions): ServeFixture {
  if (options.scenarioName !== undefined && options.behaviourFile !== undefined) throw new FixtureError('give either --scenario or --behaviour, not both');
  if (options.scenarioName !== undefined) throw new FixtureError(`--scenario ${options.scenarioName}: scenarios are not yet available to serve; use --behaviour FILE`);
  return options.behaviourFile === undefined ? DEFAULT_FIXTURE : readFixtureFile(options.behaviourFile);
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

export async function serveFixture(options: ServeOptions = {}): Promise<RunningFixture> {
  const fixture = chooseFixture(options);
  const started = new Map<string, StartedServer>();
  const hasStdio = Object.values(fixture.servers).some((s) => s.transport === 'stdio');
  const journalDir = hasStdio ? mkdtempSync(join(tmpdir(), 'mcp-serve-')) : null;
  let model: MockModel | undefined;
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    await Promise.all([model?.close(), ...[...started.values()].map((s) => s.close())]);
  };
  try {
    for (const [name, server] of Object.entries(fixture.servers)) {
      const bearer = server.behaviour.http?.requireBearer;
      if (server.transport === 'http') {
        const http = await startHttpFakeServer(server.behaviour);
        started.set(name, { address: { url: http.url }, journal: http.journal, close: http.close, ...(bearer ? { bearer } : {}) });
      } else {
        const journalFile = join(journalDir ?? tmpdir(), `${name}.jsonl`);
        const { command, args } = stdioFakeServerCommand(server.behaviour, journalFile);
        // The host starts (and must stop) the stdio server; nothing to close here.
        started.set(name, { address: { command: [command, ...args] }, journal: readStdioJournal(journalFile), close: async () => undefined });
      }
    }
    model = await startMockModel({ script: fixture.model?.script ?? [], ...(fixture.model?.apiKey ? { apiKey: fixture.model.apiKey } : {}) });
  } catch (error) {
    await close();
    throw error;
  }
  const running = model;
  return {
    addresses: { model: running.baseUrl, servers: Object.fromEntries([...started].map(([name, s]) => [name, s.address])) },
    mcpServersSnippet: () => ({
      mcpServers: Object.fromEntries(
        [...started].map(([name, s]) => {
          if ('url' in s.address) return [name, { url: s.address.url, ...(s.bearer ? { headers: { Authorization: `Bearer ${s.bearer}` } } : {}) }];
          const [command = '', ...args] = s.address.command;
          return [name, { command, args }];
        }),
      ),
    }),
    summary: () => [
      ...modelSummary(running),
      ...[...started].flatMap(([name, s]) => serverSummary(name, s.journal)),
      ...(journalDir === null ? [] : [`stdio journals kept in ${journalDir}`]),
    ],
    model: running,
    journalDir,
    serverJournals: () => Object.fromEntries([...started].map(([name, s]) => [name, s.journal])),
    close,
  };
}
