// The HostAdapter for OpenAI Codex CLI (issue 6): the first host the suite did not write.
// Config goes to $HOME/.codex/config.toml; the mock provider and the scenario's deadlines
// are `-c` overrides at start (the model's port is known only then); Codex runs as
// `codex app-server` so the scripted user answers its approvals (NOTES.md has the protocol).
import { execa } from 'execa';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { HarnessError } from '../../errors.js';
import type { Sandbox } from '../../sandbox/sandbox.js';
import type { HostAdapter, HostSession, ServerConfigEntry, StartOptions } from '../host-adapter.js';
import { CodexAppServer, codexEnv } from './app-server-client.js';
import { classifyCodexOutput } from './classify-output.js';
import { codexAddPlan, droppedHeadersNote, runCodexCommand } from './codex-commands.js';
import { CodexSession } from './codex-session.js';
import { STATUS_LINE, UNAVAILABLE_LINE } from './codex-transcript.js';
import { providerOverride, readTomlServerNames, renderCodexConfig, timeoutOverrides, writeCodexConfig, type CodexServer } from './config-toml.js';
import { locateCodex } from './locate-codex.js';

export const CODEX_SELECTOR = 'codex';
/** A Codex row: the Codex settings a user would make for it, on the same install (.hosts/codex). */
export interface CodexRow {
  /** Features switched on in config.toml's `[features]`. */
  features: readonly string[];
  /** Variables added to every stdio server's `env` (a server's own variables win). */
  stdioEnv: Readonly<Record<string, string>>;
}

/**
 * The rows this one adapter drives. `codex-mcp2026`: Codex's off-by-default client of MCP revision
 * 2026-07-28 (`[features] mcp_2026_07_28 = true`, or `--enable mcp_2026_07_28`). The feature alone
 * moves HTTP servers only: Codex 0.171 speaks the new revision to a stdio server only when that
 * server's entry opts in with `CODEX_MCP_PROTOCOL_VERSION = "2026-07-28"` in its `env` (any other
 * value is refused: "unsupported CODEX_MCP_PROTOCOL_VERSION ... for stdio MCP server").
 */
export const CODEX_ROWS: Readonly<Record<string, CodexRow>> = {
  [CODEX_SELECTOR]: { features: [], stdioEnv: {} },
  'codex-mcp2026': { features: ['mcp_2026_07_28'], stdioEnv: { CODEX_MCP_PROTOCOL_VERSION: '2026-07-28' } },
};

/** Whether `--host` names a row of the Codex adapter. */
export function isCodexRow(selector: string): boolean {
  return Object.hasOwn(CODEX_ROWS, selector);
}
/** Codex 0.171's own functions (seen in its model requests; NOTES.md). None reads a file by path alone. */
const CODEX_BUILTINS = {
  names: [
    'exec_command',
    'write_stdin',
    'list_mcp_resources',
    'list_mcp_resource_templates',
    'read_mcp_resource',
    'request_user_input',
    'view_image',
    'web_search',
  ],
};
const API_KEY_VAR = 'MHC_MODEL_API_KEY';
// config.toml names the mock provider, defined only at start (its port is known then); the
// `mcp` commands load the config too but never call the model, so a discard port serves.
const COMMAND_PROVIDER = ['-c', providerOverride({ modelUrl: 'http://127.0.0.1:9/v1', apiKeyEnvVar: API_KEY_VAR })];

/** What writeConfig decided that start needs: server names and the bearer tokens it moved to the environment. */
interface WrittenConfig {
  servers: string[];
  env: Record<string, string>;
}

export function codexHome(sandbox: Sandbox): string {
  return join(sandbox.home, '.codex');
}

/**
 * Maps the common server shape to Codex's: `Authorization: Bearer T` becomes
 * `bearer_token_env_var` (Codex's documented way; the token stays out of config.toml),
 * other headers are written as `http_headers`.
 */
export function toCodexServers(
  servers: Record<string, ServerConfigEntry>,
  stdioEnv: Readonly<Record<string, string>> = {},
): { servers: Record<string, CodexServer>; env: Record<string, string> } {
  const out: Record<string, CodexServer> = {};
  const env: Record<string, string> = {};
  Object.entries(servers).forEach(([name, server], index) => {
    if ('command' in server) {
      out[name] = { command: server.command, args: server.args, env: { ...stdioEnv, ...server.env } };
      return;
    }
    const headers: Record<string, string> = {};
    let bearerTokenEnvVar: string | undefined;
    for (const [key, value] of Object.entries(server.headers)) {
      const token = key.toLowerCase() === 'authorization' ? /^Bearer (.+)$/.exec(value)?.[1] : undefined;
      if (token === undefined) headers[key] = value;
      else {
        bearerTokenEnvVar = `MHC_CODEX_BEARER_${index}`;
        env[bearerTokenEnvVar] = token;
      }
    }
    out[name] = { url: server.url, headers, ...(bearerTokenEnvVar === undefined ? {} : { bearerTokenEnvVar }) };
  });
  return { servers: out, env };
}

export function createCodexAdapter(options: { env?: NodeJS.ProcessEnv; row?: string } = {}): HostAdapter {
  const lookupEnv = options.env ?? process.env;
  const row = options.row ?? CODEX_SELECTOR;
  const settings = CODEX_ROWS[row];
  if (settings === undefined) throw new HarnessError('CLI_INPUT', `no Codex row named ${row} (rows: ${Object.keys(CODEX_ROWS).join(', ')})`);
  const written = new Map<string, WrittenConfig>();

  return {
    name: row,
    selector: row,
    capabilities: {
      // Of the optional groups Codex has no user-invoked MCP prompts, no per-server policy pack
      // and no local per-call telemetry file; it does offer read_mcp_resource and may flag tools.
      unsupported: ['PROMPT', 'POLICY', 'TELEMETRY'],
      knobs: { callTimeoutMs: true, connectTimeoutMs: true },
      // app-server has no quit command (the TUI's /quit is not reachable through it).
      quit: false,
      unknownGate: false,
      // The transcript is the adapter's rendering of protocol events; Codex's own TUI is its client.
      ownScreen: false,
      builtins: CODEX_BUILTINS,
      resume: {},
      commands: {
        async add(sandbox, name, server) {
          const config = written.get(sandbox.root) ?? { servers: [], env: {} };
          const plan = codexAddPlan(name, server, `MHC_CODEX_BEARER_ADDED_${config.servers.length}`, settings.stdioEnv);
          const commandEnv = { ...sandbox.baseEnv(), CODEX_HOME: codexHome(sandbox) };
          const outcome = await runCodexCommand(
            locateCodex(lookupEnv).path,
            [...COMMAND_PROVIDER, ...plan.args],
            sandbox,
            commandEnv,
            droppedHeadersNote(plan.dropped),
          );
          if (outcome.exit.code === 0) written.set(sandbox.root, { servers: [...config.servers, name], env: { ...config.env, ...plan.env } });
          return outcome;
        },
        list: (sandbox) =>
          runCodexCommand(locateCodex(lookupEnv).path, [...COMMAND_PROVIDER, 'mcp', 'list'], sandbox, { ...sandbox.baseEnv(), CODEX_HOME: codexHome(sandbox) }),
      },
    },
    reading: { statusLine: STATUS_LINE, unavailableLine: UNAVAILABLE_LINE, flags: {}, classifyOutput: classifyCodexOutput },

    async version() {
      const r = await execa(locateCodex(lookupEnv).path, ['--version'], { reject: false, timeout: 10_000 });
      return r.exitCode === 0 ? r.stdout.trim() : null;
    },

    config: {
      files: (sandbox) => [join(codexHome(sandbox), 'config.toml')],
      read: (sandbox) => readTomlServerNames(join(codexHome(sandbox), 'config.toml')),
      write(sandbox, servers) {
        const mapped = toCodexServers(servers, settings.stdioEnv);
        writeCodexConfig(codexHome(sandbox), { servers: mapped.servers, enabledFeatures: settings.features });
        written.set(sandbox.root, { servers: Object.keys(servers), env: mapped.env });
      },
      writeAt(_sandbox, file, servers) {
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, renderCodexConfig({ servers: toCodexServers(servers, settings.stdioEnv).servers }), { mode: 0o600 });
      },
    },

    async start(sandbox: Sandbox, run: StartOptions): Promise<HostSession> {
      const bin = locateCodex(lookupEnv).path;
      const config = written.get(sandbox.root) ?? { servers: [], env: {} };
      const session = new CodexSession(config.servers, sandbox.screenScan.tap());
      const app = await CodexAppServer.start({
        bin,
        cwd: sandbox.project,
        env: codexEnv({ ...sandbox.baseEnv(), ...config.env }, codexHome(sandbox), API_KEY_VAR, run.apiKey),
        configOverrides: [
          providerOverride({ modelUrl: run.modelUrl, apiKeyEnvVar: API_KEY_VAR }),
          ...timeoutOverrides(config.servers, { startupTimeoutMs: run.knobs.connectTimeoutMs, toolTimeoutMs: run.knobs.callTimeoutMs }),
        ],
        ...session.hooks(),
      });
      try {
        await session.begin(app, sandbox.project, run.resume);
      } catch (error) {
        await app.kill();
        throw error;
      }
      return session;
    },
  };
}
