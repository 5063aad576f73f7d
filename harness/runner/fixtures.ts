// Starts what a scenario's host talks to: the trap (with decoy project MCP configurations pointing
// at it, CONFIG-1), the scripted model (API key = a canary), and every fake server, each
// credential replaced by a fresh canary (CRED-*), the stdio ones journaling to a collector
// the host cannot write to. Produces the config entries to write.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative } from 'node:path';
import { startHttpFakeServer, type HttpFakeServer } from '../../fake-servers/mcp/http-server.js';
import type { Journal, JournalEntry } from '../../fake-servers/mcp/journal.js';
import { startJournalCollector, type JournalCollector, type JournalRefusal } from '../../fake-servers/mcp/journal-collector.js';
import { startTrap, type Trap } from '../../fake-servers/mcp/trap.js';
import { startMockModel, type MockModel } from '../../fake-servers/model/mock-model.js';
import { offeredCatalogue } from '../../fake-servers/mcp/offered-catalogue.js';
import type { CatalogueEntry } from '../../fake-servers/model/tool-resolution.js';
import type { BuiltinTools, HostAdapter, HostCapabilities, ServerConfigEntry } from '../adapters/host-adapter.js';
import { HarnessError } from '../errors.js';
import { API_KEY_CHANNELS, credentialChannels, type Canary } from '../sandbox/canaries.js';
import type { Sandbox } from '../sandbox/sandbox.js';
import type { ServerObservation } from '../scenario/observations.js';
import type { FixtureContext, Scenario, ServerSpec } from '../scenario/scenario-schema.js';
import { behaviourOf, ownCredentials, withCanaries, withOwnCredentials, withStderrCanary, withTrap } from '../scenario/server-spec.js';

export interface RunningServer {
  transport: ServerObservation['transport'];
  destination: string;
  entry: ServerConfigEntry;
  /** stdio: a word only this server's command line holds (it marks its processes in /proc). */
  processMarker: string | null;
  journal(): JournalEntry[];
  /** Resolves true once the server has answered tools/list or ended, false at the deadline; raw servers keep no journal: true at once. */
  listed(timeoutMs: number): Promise<boolean>;
  /** HTTP fakes: stops listening, so every later connection is refused (the server is offline). */
  takeDown?(): Promise<void>;
}

export interface Fixtures {
  /** The scenario's trap (redirect targets, OAuth metadata, a foreign SSE endpoint, refused URLs). */
  trap: Trap;
  /** Where the project's decoy MCP configurations point (CONFIG-1). */
  decoyTrap: Trap;
  model: MockModel;
  /** Every tool the servers can announce, by server: what the model looks for and checks count. */
  catalogue: CatalogueEntry[];
  apiKey: Canary;
  servers: Record<string, RunningServer>;
  /** Connections to the journal collector refused as not our stdio server (a host trying to forge). */
  journalRefusals(): JournalRefusal[];
  /** Waits (up to a deadline) until every stdio server's journal stream has ended: read it after this. False: one had not ended. */
  settleJournals(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * CONFIG-1's decoys, written into every project directory: MCP configurations "and the like"
 * in the formats other tools read (Claude Code's .mcp.json, VS Code's, Cursor's), one without
 * the dot, and one in the project's parent (a workspace root a host might walk up to), each
 * naming a server called project-decoy-* at the decoy trap with its own bearer canary.
 */
const DECOYS: readonly { file: string; content: (url: string, key: string) => unknown }[] = [
  { file: '.mcp.json', content: (url, key) => ({ mcpServers: { 'project-decoy': { url, headers: { Authorization: `Bearer ${key}` } } } }) },
  {
    file: '.vscode/mcp.json',
    content: (url, key) => ({ servers: { 'project-decoy-vscode': { type: 'http', url, headers: { Authorization: `Bearer ${key}` } } } }),
  },
  { file: '.cursor/mcp.json', content: (url, key) => ({ mcpServers: { 'project-decoy-cursor': { url, headers: { Authorization: `Bearer ${key}` } } } }) },
  { file: 'mcp.json', content: (url, key) => ({ mcpServers: { 'project-decoy-plain': { url, headers: { Authorization: `Bearer ${key}` } } } }) },
  { file: '../.mcp.json', content: (url, key) => ({ mcpServers: { 'project-decoy-parent': { url, headers: { Authorization: `Bearer ${key}` } } } }) },
];
/** How long the last entries of killed stdio servers may take to arrive once the run's processes are gone. */
export const JOURNAL_SETTLE_MS = 2000;

/** A tools/list answer going out, or the server ending: after either the host knows what it will get. */
const LISTED_OR_ENDED = (e: JournalEntry): boolean =>
  e.kind === 'exit' || (e.kind === 'jsonrpc-out' && Array.isArray((e.message['result'] as { tools?: unknown } | undefined)?.tools));

const listedIn =
  (journal: Journal) =>
  (timeoutMs: number): Promise<boolean> =>
    journal.waitFor(LISTED_OR_ENDED, timeoutMs).then(
      () => true,
      () => false,
    );

type ServerContext = FixtureContext & { configChannels: string[]; collector: JournalCollector; protocol: Scenario['protocol'] };

async function startServer(name: string, spec: ServerSpec, sandbox: Sandbox, ctx: ServerContext, closers: (() => Promise<void>)[]): Promise<RunningServer> {
  const channels = credentialChannels(name, ctx.configChannels);
  if ('raw' in spec) {
    const raw = spec.raw;
    const fill = (s: string): string => withTrap(s, ctx.trapOrigin);
    const entry: ServerConfigEntry =
      'url' in raw
        ? { url: fill(raw.url), headers: withCanaries(sandbox.canaries, name, 'header', raw.headers, channels) }
        : { command: fill(raw.command), args: (raw.args ?? []).map(fill), env: withCanaries(sandbox.canaries, name, 'env', raw.env, channels) };
    const destination = 'url' in entry ? entry.url : [entry.command, ...entry.args].join(' ');
    return { transport: 'raw', destination, entry, processMarker: null, journal: () => [], listed: () => Promise.resolve(true) };
  }
  // Credentials first: a behaviour may echo them (withOwnCredentials).
  const env = withCanaries(sandbox.canaries, name, 'env', spec.env, channels);
  const headers = withCanaries(sandbox.canaries, name, 'header', spec.headers, channels);
  const behaviour = withOwnCredentials(behaviourOf(spec, ctx, ctx.protocol), ownCredentials(sandbox.canaries, name, spec));
  if (spec.transport === 'stdio') {
    // The sandbox root in the journal id: the run's process scan finds the server by it.
    const server = ctx.collector.stdioServer(withStderrCanary(sandbox.canaries, name, behaviour), sandbox.root);
    const journal = () => server.journal.entries();
    const entry =
      spec.launcher === true ? { command: writeLauncher(sandbox, name, server), args: [], env } : { command: server.command, args: server.args, env };
    const destination = [entry.command, ...entry.args].join(' ');
    return { transport: 'stdio', destination, entry, processMarker: server.journalId, journal, listed: listedIn(server.journal) };
  }
  const server: HttpFakeServer = await startHttpFakeServer(behaviour);
  closers.push(() => server.close());
  const journal = () => server.journal.entries();
  const entry: ServerConfigEntry = spec.transport === 'sse' ? { url: server.url, headers, type: 'sse' } : { url: server.url, headers };
  return {
    transport: spec.transport,
    destination: server.url,
    entry,
    processMarker: null,
    journal,
    listed: listedIn(server.journal),
    takeDown: () => server.close(),
  };
}

/** Words a shell would split or expand, in a directory and a file name (STDIO-1). */
const LAUNCHER_DIR = 'server launchers; $(not run)';
const LAUNCHER_FILE = (name: string): string => `${name} server & co`;

/**
 * An executable that execs the stdio fake with its whole command line, so the configuration
 * names it alone (STDIO-1, FakeServerSpec.launcher). The fake still proves itself to the
 * collector by its own argv; the launcher only adds a path no shell takes literally.
 */
function writeLauncher(sandbox: Sandbox, name: string, server: { command: string; args: readonly string[] }): string {
  const quote = (word: string): string => `'${word.replaceAll("'", "'\\''")}'`;
  const dir = join(sandbox.root, LAUNCHER_DIR);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, LAUNCHER_FILE(name));
  writeFileSync(file, `#!/bin/sh\nexec ${[server.command, ...server.args].map(quote).join(' ')}\n`, { mode: 0o755 });
  return file;
}

/** Every tool the scenario's fake servers can announce: what the scripted model looks for. */
function scenarioCatalogue(scenario: Scenario, ctx: FixtureContext): CatalogueEntry[] {
  return Object.entries(scenario.servers).flatMap(([server, spec]) =>
    'raw' in spec ? [] : offeredCatalogue(behaviourOf(spec, ctx)).map((e) => ({ server, ...e })),
  );
}

/**
 * The paths a readFile step may name (CONFIG-2): "{hostConfig}" is the host's own configuration
 * file; "{hostConfigViaLink}" the same file through a link in the project to its folder (a
 * confinement that looks only at the last part of a path follows it). The link is made only
 * when the script names it, so no other scenario's project holds it.
 */
function readFilePaths(scenario: Scenario, sandbox: Sandbox, configFile: string): Record<string, string> {
  const paths: Record<string, string> = { hostConfig: configFile };
  if (configFile !== '' && JSON.stringify(scenario.model).includes('{hostConfigViaLink}')) {
    const link = join(sandbox.project, 'linked-settings');
    symlinkSync(dirname(configFile), link);
    paths['hostConfigViaLink'] = join(link, basename(configFile));
  }
  return paths;
}

/** What the fixtures need to know of the host: its built-in tools and where its configuration is. */
export interface FixtureHost {
  builtins: BuiltinTools;
  model?: HostCapabilities['model'];
  configFiles: string[];
  /** Writes a configuration in the host's own format to another file (CONFIG-1's own-format decoys); absent: none are written. */
  writeConfigAt?: (file: string, servers: Record<string, ServerConfigEntry>) => void;
}

/** The fixtures' view of a host, from its adapter. */
export function fixtureHost(adapter: HostAdapter, sandbox: Sandbox): FixtureHost {
  const { builtins, model } = adapter.capabilities;
  const writeAt = adapter.config.writeAt;
  return {
    builtins,
    ...(model === undefined ? {} : { model }),
    configFiles: adapter.config.files(sandbox),
    ...(writeAt === undefined ? {} : { writeConfigAt: (file, servers) => writeAt(sandbox, file, servers) }),
  };
}

/**
 * Where a project-level copy of the host's own configuration would sit (CONFIG-1 "and the
 * like": a host's project settings are its own format, in the project): each configuration
 * file's path below the home mirrored into the project (~/.codex/config.toml ->
 * .codex/config.toml), and `.APP/FILE` for a file in a folder of its own
 * (~/.config/refhost/mcp.json -> .refhost/mcp.json).
 */
export function ownFormatDecoyPaths(sandbox: Pick<Sandbox, 'home' | 'project'>, configFiles: readonly string[]): string[] {
  return [
    ...new Set(
      configFiles.flatMap((file) => {
        const below = relative(sandbox.home, file);
        const mirrored = below.startsWith('..') || isAbsolute(below) ? [] : [join(sandbox.project, below)];
        const folder = dirname(file);
        const app = folder === sandbox.home ? [] : [join(sandbox.project, `.${basename(folder).replace(/^\./, '')}`, basename(file))];
        return [...mirrored, ...app];
      }),
    ),
  ].filter((decoy) => !configFiles.includes(decoy)); // a profile that keeps its own file in the project: never overwritten
}

/** The host's configuration files become "file:..." canary channels (credentials may live there). */
export async function startFixtures(scenario: Scenario, sandbox: Sandbox, host: FixtureHost): Promise<Fixtures> {
  const configChannels = host.configFiles.map((f) => `file:${sandbox.displayPath(f) ?? f}`);
  const closers: (() => Promise<void>)[] = [];
  const close = async (): Promise<void> => {
    await Promise.allSettled(closers.reverse().map((c) => c()));
  };
  try {
    const trap = await startTrap();
    closers.push(() => trap.close());
    // The decoys have a trap of their own: a host that reads them breaks CONFIG-1, and must not
    // also be charged with following a redirect or starting OAuth at the scenario's trap.
    const decoyTrap = await startTrap('decoy');
    closers.push(() => decoyTrap.close());
    for (const decoy of DECOYS) {
      const file = join(sandbox.project, decoy.file);
      const key = sandbox.canaries.mint(`decoy project ${decoy.file} header`, [`file:${sandbox.displayPath(file) ?? file}`]);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify(decoy.content(decoyTrap.url, key.value), null, 2)}\n`);
    }
    if (scenario.ownConfigDecoys === true && host.writeConfigAt !== undefined) {
      for (const file of ownFormatDecoyPaths(sandbox, host.configFiles)) {
        const shown = sandbox.displayPath(file) ?? file;
        const key = sandbox.canaries.mint(`decoy project ${shown} header`, [`file:${shown}`]);
        host.writeConfigAt(file, { 'project-decoy-own': { url: decoyTrap.url, headers: { Authorization: `Bearer ${key.value}` } } });
      }
    }

    const apiKey = sandbox.canaries.mint('model API key', [...API_KEY_CHANNELS]);
    const collector = await startJournalCollector();
    closers.push(() => collector.close());
    const ctx = { trapOrigin: trap.origin, trapUrl: trap.url, builtins: host.builtins, configChannels, collector, protocol: scenario.protocol };
    const readFile = host.builtins.readFile;
    const fileTool = readFile === undefined ? undefined : { ...readFile, paths: readFilePaths(scenario, sandbox, host.configFiles[0] ?? '') };
    const catalogue = scenarioCatalogue(scenario, ctx);
    const model = await startMockModel({
      script: scenario.model,
      apiKey: apiKey.value,
      catalogue,
      ...(fileTool === undefined ? {} : { fileTool }),
      ...host.model,
    });
    closers.push(() => model.close());

    const servers: Record<string, RunningServer> = {};
    for (const [name, spec] of Object.entries(scenario.servers)) servers[name] = await startServer(name, spec, sandbox, ctx, closers);
    return {
      trap,
      decoyTrap,
      model,
      apiKey,
      servers,
      catalogue,
      journalRefusals: () => collector.refusals(),
      settleJournals: () => collector.settled(JOURNAL_SETTLE_MS),
      close,
    };
  } catch (error) {
    await close();
    if (error instanceof HarnessError) throw error;
    throw new HarnessError('FIXTURE', `scenario ${scenario.name}: cannot start its fixtures: ${(error as Error).message}`);
  }
}
