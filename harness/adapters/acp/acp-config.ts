// Where an ACP host's MCP servers and settings go (CONFIG-1, CONFIG-2, CRED-1): the servers
// either travel in session/new (ACP's own `McpServer` shape) or are written into the file the
// host reads them from, one entry per server from the profile's template for its transport;
// settings files are written with their placeholders filled, merged with the servers when
// they are the same file.
import type { McpCapabilities, McpServer } from '@agentclientprotocol/sdk';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { readConfiguredServers } from '../configured-servers.js';
import type { ConfiguredServers, ServerConfigEntry } from '../host-adapter.js';
import { fillPlaceholders } from '../profile-schema.js';
import type { AcpProfile, McpPlacement } from './acp-profile.js';

export type Values = Readonly<Record<string, string>>;

const pairs = (record: Readonly<Record<string, string>>): { name: string; value: string }[] => Object.entries(record).map(([name, value]) => ({ name, value }));

/** The common server shape as ACP's session/new carries it. */
export function toAcpServer(name: string, server: ServerConfigEntry): McpServer {
  if ('command' in server) return { name, command: server.command, args: server.args, env: pairs(server.env) };
  return { type: server.type === 'sse' ? 'sse' : 'http', name, url: server.url, headers: pairs(server.headers) };
}

/**
 * The servers session/new may carry to this agent: one of a transport its initialize says it
 * lacks (`mcpCapabilities.http` or `.sse` false) is held back, as an ACP client must not use a
 * transport the agent did not advertise (codex-acp 2.x refuses the whole session over one SSE
 * server). Only an explicit false holds a server back: agents that omit the field take HTTP.
 */
export function serversForAgent(
  servers: readonly McpServer[],
  capabilities: McpCapabilities | null | undefined,
): { passed: McpServer[]; held: { name: string; transport: 'http' | 'sse' }[] } {
  const lacks = (server: McpServer): 'http' | 'sse' | null =>
    'type' in server && (server.type === 'http' || server.type === 'sse') && capabilities?.[server.type] === false ? server.type : null;
  return {
    passed: servers.filter((s) => lacks(s) === null),
    held: servers.flatMap((s) => {
      const transport = lacks(s);
      return transport === null ? [] : [{ name: s.name, transport }];
    }),
  };
}

/** Fills a JSON template: strings get placeholders; a string that is exactly "{field}" of a structured field becomes its value. */
export function fillJson(template: unknown, values: Values, structured: Readonly<Record<string, unknown>> = {}): unknown {
  if (typeof template === 'string') {
    const whole = /^\{([A-Za-z]+)\}$/.exec(template)?.[1];
    return whole !== undefined && whole in structured ? structured[whole] : fillPlaceholders(template, values);
  }
  if (Array.isArray(template)) return template.map((t) => fillJson(t, values, structured));
  if (typeof template === 'object' && template !== null)
    return Object.fromEntries(Object.entries(template).map(([k, v]) => [k, fillJson(v, values, structured)]));
  return template;
}

/** One server's entry in the host's own file, from the template of its transport; null when the host has none for it. */
export function fileEntry(placement: Extract<McpPlacement, { in: 'file' }>, name: string, server: ServerConfigEntry, values: Values): unknown {
  if ('command' in server) {
    const fields = { args: server.args, env: server.env, commandLine: [server.command, ...server.args] };
    return fillJson(placement.stdio, { ...values, name, command: server.command, url: '' }, fields);
  }
  const template = server.type === 'sse' ? placement.sse : placement.http;
  if (template === undefined) return null;
  return fillJson(template, { ...values, name, url: server.url, command: '' }, { headers: server.headers, args: [], env: {}, commandLine: [] });
}

/** A settings file's per-server entries for these servers: keys and strings with {name} filled. */
export function perServerEntries(entries: Readonly<Record<string, unknown>>, names: readonly string[], values: Values): Record<string, unknown> {
  return Object.fromEntries(
    names.flatMap((name) => Object.entries(entries).map(([k, v]) => [fillPlaceholders(k, { ...values, name }), fillJson(v, { ...values, name })])),
  );
}

function writeFile(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  writeFileSync(path, text, { mode: 0o600 });
}

/**
 * Writes the profile's settings files and, when the host reads servers from a file, that file
 * with the servers under its key. Returns the servers session/new must carry (none when they went to a file).
 */
export function writeAcpConfig(profile: AcpProfile, servers: Readonly<Record<string, ServerConfigEntry>>, values: Values): McpServer[] {
  const placement = profile.mcpServers;
  const serversFile = placement.in === 'file' ? fillPlaceholders(placement.path, values) : null;
  const entries =
    placement.in === 'file'
      ? Object.fromEntries(
          Object.entries(servers).flatMap(([n, s]) => {
            const entry = fileEntry(placement, n, s, values);
            return entry === null ? [] : [[n, entry]];
          }),
        )
      : {};
  let merged = false;
  for (const file of profile.settings) {
    const path = fillPlaceholders(file.path, values);
    if (file.text !== undefined) {
      writeFile(path, fillPlaceholders(file.text, values));
      continue;
    }
    const json = fillJson(file.json, values) as Record<string, unknown>;
    if (file.perServer !== undefined)
      json[file.perServer.key] = {
        ...(json[file.perServer.key] as object | undefined),
        ...perServerEntries(file.perServer.entries, Object.keys(servers), values),
      };
    if (path === serversFile && placement.in === 'file') {
      json[placement.key] = entries;
      merged = true;
    }
    writeFile(path, `${JSON.stringify(json, null, 2)}\n`);
  }
  if (serversFile !== null && placement.in === 'file' && !merged) writeFile(serversFile, `${JSON.stringify({ [placement.key]: entries }, null, 2)}\n`);
  return placement.in === 'file' ? [] : Object.entries(servers).map(([n, s]) => toAcpServer(n, s));
}

/** The server names the host's file holds now (file placement), read in its format. */
export function readFileServers(placement: Extract<McpPlacement, { in: 'file' }>, values: Values): ConfiguredServers {
  const file = fillPlaceholders(placement.path, values);
  return readConfiguredServers(file, (text) => {
    try {
      const held = (JSON.parse(text) as Record<string, unknown>)[placement.key];
      if (typeof held !== 'object' || held === null || Array.isArray(held)) return { problem: `${file} has no "${placement.key}" object` };
      return { servers: Object.keys(held) };
    } catch (error) {
      return { problem: `${file} is no longer valid JSON (${(error as Error).message})` };
    }
  });
}
