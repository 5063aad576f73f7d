// The one HostAdapter for every host that speaks the Agent Client Protocol (issue 14),
// configured by an ACP profile (acp-profile.ts): the agent runs from .hosts/<install>, its
// settings files are written into the sandbox, its MCP servers go into session/new or its own
// file, and the suite is the ACP client whose transcript is the host's screen. What the agent
// owns and what the client owns is in docs/acp-hosts.md: the client's part is UNSUPPORTED.
import { execa } from 'execa';
import { accessSync, constants, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { HarnessError } from '../../errors.js';
import type { Sandbox } from '../../sandbox/sandbox.js';
import { suiteRoot } from '../../suite-root.js';
import {
  deadlinesInForce,
  HostRefused,
  type CallStatus,
  type HostCapabilities,
  type HostAdapter,
  type HostSession,
  type ServerConfigEntry,
  type StartOptions,
} from '../host-adapter.js';
import { fillPlaceholders } from '../profile-schema.js';
import { resultText, withErrorFlag } from '../result-text.js';
import { readFileServers, serversForAgent, writeAcpConfig, type Values } from './acp-config.js';
import { AcpClient } from './acp-client.js';
import type { AcpPlaceholder, AcpProfile, LoadedAcpProfile } from './acp-profile.js';
import { AcpSession } from './acp-session.js';
import { NO_STATUS_LINE } from './acp-transcript.js';
import { WarmCaches } from '../../sandbox/warm-caches.js';

/** A command on PATH, as a shell finds it ("node" is the Node running the suite, whatever PATH holds). */
function onPath(command: string): string | null {
  if (command === 'node') return process.execPath;
  for (const dir of (process.env['PATH'] ?? '').split(':').filter((d) => d !== '')) {
    try {
      accessSync(join(dir, command), constants.X_OK);
      return join(dir, command);
    } catch {
      // not in this folder
    }
  }
  return null;
}

/**
 * The agent's PATH. npm launchers are node scripts, so the node running the suite is on it; a
 * PATH in the profile's env goes before that node (a host that needs its own runtime, e.g. a newer
 * Node than the suite's), and the real PATH comes last.
 */
export function agentPath(profilePath: string | undefined, realPath: string | undefined, nodeDir = dirname(process.execPath)): string {
  return [profilePath ?? '', nodeDir, realPath ?? ''].filter((p) => p !== '').join(':');
}

/** The agent's program: absolute as given, else the suite's own install, else on PATH. */
export function acpBin(profile: AcpProfile, root: string = suiteRoot()): string {
  if (profile.install === undefined && !isAbsolute(profile.bin)) {
    const found = onPath(profile.bin);
    if (found === null) throw new HarnessError('HOST_START', `${profile.name}: ${profile.bin} is not on PATH`);
    return found;
  }
  const bin = isAbsolute(profile.bin) ? profile.bin : join(acpHostDir(profile, root), 'node_modules', '.bin', profile.bin);
  try {
    accessSync(bin, constants.X_OK);
  } catch {
    throw new HarnessError(
      'HOST_START',
      `${profile.name} is not installed (${bin} is missing)${profile.install === undefined ? '' : `; install the pinned version with: npm run hosts:install -- ${profile.install}`}`,
    );
  }
  return bin;
}

/** The host's install folder, .hosts/<install>; '' for an agent installed elsewhere. */
export function acpHostDir(profile: Pick<AcpProfile, 'install'>, root: string = suiteRoot()): string {
  return profile.install === undefined ? '' : join(root, '.hosts', profile.install);
}

export function acpValues(sandbox: Sandbox, run?: Pick<StartOptions, 'modelUrl' | 'apiKey'>, hostDir = '', profileFile = ''): Record<AcpPlaceholder, string> {
  // Before a start (config.write) the model is not running: a discard port stands in.
  const modelUrl = run?.modelUrl ?? 'http://127.0.0.1:9/v1';
  return {
    apiKey: run?.apiKey ?? '',
    modelUrl,
    modelOrigin: new URL(modelUrl).origin,
    home: sandbox.home,
    project: sandbox.project,
    configHome: sandbox.configHome,
    dataHome: sandbox.dataHome,
    stateHome: sandbox.stateHome,
    cacheHome: sandbox.cacheHome,
    tmp: sandbox.tmp,
    hostDir,
    suiteRoot: suiteRoot(),
    profileDir: profileFile === '' ? '' : dirname(profileFile),
  };
}

/**
 * The first status whose pattern matches the text the model got (result-text.ts: content parts
 * joined, a Gemini response by its output or error); a result the model API flags as an error
 * is never read as completed (`flagged` says what it is then). Null: unreadable.
 */
export function classifyAcpOutput(profile: Pick<AcpProfile, 'results' | 'flagged'>, output: unknown, flags: { isError?: boolean } = {}): CallStatus | null {
  const text = resultText(output);
  const hit = Object.entries(profile.results).find(([, pattern]) => pattern.test(text))?.[0] as CallStatus | undefined;
  return withErrorFlag(hit ?? null, flags.isError, profile.flagged);
}

/** What a sandbox's configuration and earlier sessions left for the next start. */
interface SandboxState {
  servers: Record<string, ServerConfigEntry>;
  /**
   * The last session started (a client remembers it to load it again), read at the next start:
   * an agent slower than OPEN_WAIT_MS to open it is handed over before its id is known.
   */
  lastSession: { readonly sessionId: string | null } | null;
}

export function createAcpAdapter(loaded: LoadedAcpProfile, options: { selector?: string } = {}): HostAdapter {
  const { profile } = loaded;
  const states = new Map<string, SandboxState>();
  const state = (sandbox: Sandbox): SandboxState => states.get(sandbox.root) ?? { servers: {}, lastSession: null };
  const settingsFiles = (sandbox: Sandbox): string[] => {
    const values = acpValues(sandbox, undefined, acpHostDir(profile), loaded.file);
    const files = profile.settings.map((f) => fillPlaceholders(f.path, values));
    return profile.mcpServers.in === 'file' ? [...new Set([...files, fillPlaceholders(profile.mcpServers.path, values)])] : files;
  };

  const capabilities: HostCapabilities = {
    unsupported: profile.unsupported,
    ...(profile.lacks.length > 0 ? { lacks: profile.lacks } : {}),
    // No ACP host seen has a per-call or connect deadline a client can set: their real deadlines are in force.
    knobs: { callTimeoutMs: false, connectTimeoutMs: false },
    ownDeadlines: profile.deadlines,
    quit: false,
    unknownGate: false,
    // The transcript is the suite's rendering as an ACP client; the agent draws no screen.
    ownScreen: false,
    // ACP has no notification for a server's start-up: neither agent nor client can show a status line.
    serverStatus: false,
    // The suite's ACP client declares no elicitation (acp-client.ts): an agent has no client to show one to.
    elicitationShown: false,
    builtins: { names: profile.builtins },
    model: { bridges: profile.bridges, ...(profile.model.sideCallRule === undefined ? {} : { sideCallRule: profile.model.sideCallRule }) },
    ...(profile.resume ? { resume: {} } : {}),
  };

  const warmCaches = profile.warmCaches === undefined ? undefined : new WarmCaches(profile.warmCaches);
  return {
    name: profile.name,
    ...(warmCaches === undefined ? {} : { warmCaches }),
    selector: options.selector ?? profile.name,
    capabilities,
    reading: {
      statusLine: NO_STATUS_LINE,
      unavailableLine: NO_STATUS_LINE,
      flags: {},
      classifyOutput: (output, flags) => classifyAcpOutput(profile, output, flags),
    },

    async version() {
      if (profile.versionArgs !== undefined) {
        const r = await execa(acpBin(profile), profile.versionArgs, { reject: false, timeout: 10_000, stdin: 'ignore' });
        return r.exitCode === 0 ? (r.stdout.trim().split('\n')[0] ?? null) : null;
      }
      if (profile.install === undefined || profile.package === undefined) return null;
      try {
        const manifest = join(suiteRoot(), '.hosts', profile.install, 'node_modules', profile.package, 'package.json');
        return `${profile.package} ${(JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version}`;
      } catch {
        return null;
      }
    },

    config: {
      files: settingsFiles,
      read: (sandbox) =>
        profile.mcpServers.in === 'file'
          ? readFileServers(profile.mcpServers, acpValues(sandbox, undefined, acpHostDir(profile), loaded.file))
          : { servers: Object.keys(state(sandbox).servers) },
      write(sandbox, servers) {
        writeAcpConfig(profile, servers, acpValues(sandbox, undefined, acpHostDir(profile), loaded.file));
        states.set(sandbox.root, { ...state(sandbox), servers });
      },
    },

    async start(sandbox: Sandbox, run: StartOptions): Promise<HostSession> {
      const bin = acpBin(profile);
      const values: Values = acpValues(sandbox, run, acpHostDir(profile), loaded.file);
      const current = state(sandbox);
      // Settings carry the model's address, known only now.
      const mcpServers = writeAcpConfig(profile, current.servers, values);
      const base = sandbox.baseEnv();
      const env = { ...base, ...Object.fromEntries(Object.entries(profile.env).map(([k, v]) => [k, fillPlaceholders(v, values)])) };
      env['PATH'] = agentPath(profile.env['PATH'] === undefined ? undefined : env['PATH'], base['PATH']);
      warmCaches?.seed(sandbox);
      const session = new AcpSession(profile, sandbox.screenScan.tap());
      const { client, init } = await AcpClient.start(
        { bin, args: profile.argv.map((a) => fillPlaceholders(a, values)), env, cwd: sandbox.project },
        session.hooks(),
      );
      try {
        const canLoad = init.agentCapabilities?.loadSession === true;
        if (run.resume && !canLoad) throw new HostRefused(`${profile.name} does not advertise loadSession: it cannot resume a session`);
        // A host that connects its servers in the background is ready once each answered tools/list, within the connect deadline.
        const listed = run.serversListed;
        const ready =
          profile.ready === 'servers-listed' && listed !== undefined ? { ready: () => listed(deadlinesInForce(capabilities, run.knobs).connectTimeoutMs) } : {};
        const { passed, held } = serversForAgent(mcpServers, init.agentCapabilities?.mcpCapabilities);
        await session.begin(client, {
          cwd: sandbox.project,
          mcpServers: passed,
          held,
          loadSessionId: run.resume ? (current.lastSession?.sessionId ?? null) : null,
          ...ready,
        });
      } catch (error) {
        await client.kill(0);
        throw error;
      }
      states.set(sandbox.root, { ...state(sandbox), lastSession: session });
      return session;
    },
  };
}
