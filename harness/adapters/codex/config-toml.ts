// CODEX_HOME/config.toml for one sandbox (CONFIG-1, CRED-1, CALL-timeouts): the mock model as
// the only provider with retries off (a retry would be a second model request the script
// did not plan), the scenario's servers and its deadlines, and Codex's own network
// features switched off so a run contacts nothing but loopback.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { HarnessError } from '../../errors.js';
import { readConfiguredServers } from '../configured-servers.js';
import type { ConfiguredServers } from '../host-adapter.js';

export type CodexServer =
  | { command: string; args: readonly string[]; env: Readonly<Record<string, string>> }
  | {
      url: string;
      /** Literal headers, written into config.toml (`http_headers`). */
      headers?: Readonly<Record<string, string>>;
      /** Name of the environment variable whose value Codex sends as `Authorization: Bearer …`. */
      bearerTokenEnvVar?: string;
    };

export interface MockProvider {
  /** http://127.0.0.1:PORT/v1 */
  modelUrl: string;
  /** Environment variable that holds the mock model's API key. */
  apiKeyEnvVar: string;
}

export interface CodexConfig {
  /** Absent: the provider is given at start with providerOverride() (its port is known only then). */
  provider?: MockProvider;
  servers: Readonly<Record<string, CodexServer>>;
  /** Per-server start-up deadline (`startup_timeout_sec`); absent = Codex's default. */
  startupTimeoutMs?: number;
  /** Per-call deadline (`tool_timeout_sec`); absent = Codex's default. */
  toolTimeoutMs?: number;
  /** Codex features switched on in `[features]`, as a user enables an off-by-default one (`mcp_2026_07_28`). */
  enabledFeatures?: readonly string[];
}

/** The provider id config.toml defines for the mock model. */
export const MOCK_PROVIDER = 'mock';
export const MOCK_MODEL = 'mock-model';

// Features that would reach the internet (plugin/app sync, updates) or offer the scripted
// model tools it never uses; `tool_call_mcp_elicitation` stays on: it carries approvals.
const DISABLED_FEATURES = ['plugins', 'remote_plugin', 'apps', 'tool_suggest', 'skill_mcp_dependency_install', 'in_app_updates', 'goals', 'image_generation'];

const CONTROL_ESCAPES: Record<string, string> = { '\b': '\\b', '\t': '\\t', '\n': '\\n', '\f': '\\f', '\r': '\\r', '"': '\\"', '\\': '\\\\' };

/** A TOML basic string: quotes, backslashes and every control character escaped. */
export function tomlString(value: string): string {
  const escaped = value.replace(/[\u0000-\u001f\u007f"\\]/g, (ch) => CONTROL_ESCAPES[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `"${escaped}"`;
}

function inlineTable(entries: Readonly<Record<string, string>>): string {
  const body = Object.entries(entries).map(([k, v]) => `${tomlString(k)} = ${tomlString(v)}`);
  return body.length === 0 ? '{}' : `{ ${body.join(', ')} }`;
}

const seconds = (ms: number): string => String(ms / 1000);

function providerEntries(provider: MockProvider): [string, string][] {
  return [
    ['name', tomlString('mcp-host-conformance mock model')],
    ['base_url', tomlString(provider.modelUrl)],
    ['env_key', tomlString(provider.apiKeyEnvVar)],
    ['wire_api', '"responses"'],
    ['request_max_retries', '0'],
    ['stream_max_retries', '0'],
  ];
}

/** `-c` override that defines the mock provider (TOML inline table). */
export function providerOverride(provider: MockProvider): string {
  return `model_providers.${MOCK_PROVIDER}={ ${providerEntries(provider)
    .map(([k, v]) => `${k} = ${v}`)
    .join(', ')} }`;
}

/**
 * `-c` overrides that set the deadlines of each named server. Codex splits a `-c` path at
 * every dot and keeps quotes as part of the key, so only bare-key names can be addressed.
 */
export function timeoutOverrides(names: readonly string[], deadlines: Pick<CodexConfig, 'startupTimeoutMs' | 'toolTimeoutMs'>): string[] {
  if (deadlines.startupTimeoutMs === undefined && deadlines.toolTimeoutMs === undefined) return [];
  return names.flatMap((name) => {
    if (!/^[A-Za-z0-9_-]+$/.test(name))
      throw new HarnessError(
        'SCENARIO_INVALID',
        `server name ${JSON.stringify(name)} cannot take a deadline override in Codex (-c paths allow only A-Z a-z 0-9 _ -)`,
      );
    return [
      ...(deadlines.startupTimeoutMs === undefined ? [] : [`mcp_servers.${name}.startup_timeout_sec=${seconds(deadlines.startupTimeoutMs)}`]),
      ...(deadlines.toolTimeoutMs === undefined ? [] : [`mcp_servers.${name}.tool_timeout_sec=${seconds(deadlines.toolTimeoutMs)}`]),
    ];
  });
}

function serverTable(name: string, server: CodexServer, config: CodexConfig): string[] {
  const lines = [`[mcp_servers.${tomlString(name)}]`];
  if ('command' in server) {
    lines.push(`command = ${tomlString(server.command)}`);
    lines.push(`args = [${server.args.map(tomlString).join(', ')}]`);
    lines.push(`env = ${inlineTable(server.env)}`);
  } else {
    lines.push(`url = ${tomlString(server.url)}`);
    if (server.bearerTokenEnvVar !== undefined) lines.push(`bearer_token_env_var = ${tomlString(server.bearerTokenEnvVar)}`);
    if (server.headers !== undefined && Object.keys(server.headers).length > 0) lines.push(`http_headers = ${inlineTable(server.headers)}`);
  }
  if (config.startupTimeoutMs !== undefined) lines.push(`startup_timeout_sec = ${seconds(config.startupTimeoutMs)}`);
  if (config.toolTimeoutMs !== undefined) lines.push(`tool_timeout_sec = ${seconds(config.toolTimeoutMs)}`);
  return lines;
}

export function renderCodexConfig(config: CodexConfig): string {
  const lines = [
    '# Written by mcp-host-conformance for one sandbox.',
    `model = ${tomlString(MOCK_MODEL)}`,
    `model_provider = ${tomlString(MOCK_PROVIDER)}`,
    'check_for_update_on_startup = false',
    '',
    '[analytics]',
    'enabled = false',
    '',
    '[agents]',
    'enabled = false',
    '',
    '[features]',
    ...DISABLED_FEATURES.map((f) => `${f} = false`),
    ...(config.enabledFeatures ?? []).map((f) => `${f} = true`),
  ];
  if (config.provider !== undefined) {
    lines.push('', `[model_providers.${MOCK_PROVIDER}]`, ...providerEntries(config.provider).map(([k, v]) => `${k} = ${v}`));
  }
  for (const [name, server] of Object.entries(config.servers)) lines.push('', ...serverTable(name, server, config));
  return `${lines.join('\n')}\n`;
}

/** Writes `codexHome/config.toml` (mode 0600: it may hold header secrets) and returns its path. */
export function writeCodexConfig(codexHome: string, config: CodexConfig): string {
  mkdirSync(codexHome, { recursive: true, mode: 0o700 });
  const file = join(codexHome, 'config.toml');
  writeFileSync(file, renderCodexConfig(config), { mode: 0o600 });
  return file;
}

/** The server names of a Codex config.toml (written by us, by `codex mcp add` or by hand), read with a TOML parser. */
export function readTomlServerNames(file: string): ConfiguredServers {
  return readConfiguredServers(file, (text) => {
    let config: Record<string, unknown>;
    try {
      config = parseToml(text);
    } catch (error) {
      return { problem: `${file} is no longer valid TOML (${(error as Error).message.split('\n')[0]})` };
    }
    const servers = config['mcp_servers'] ?? {};
    if (typeof servers !== 'object' || servers === null || Array.isArray(servers)) return { problem: `${file}: mcp_servers is not a table` };
    return { servers: Object.keys(servers) };
  });
}
