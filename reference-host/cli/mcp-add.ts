// `refhost mcp add NAME --url URL [--transport http|sse] [--header NAME]...` and
// `refhost mcp add NAME [--env NAME]... -- COMMAND [ARG...]`.
// Validates everything before asking for any value (name charset, NET-1 https rule,
// duplicates, header/env names), reads each value with echo off (CRED-1), stores the
// result 0600 (CONFIG-3) and never connects (DISCOVER-6). Values are never printed (CRED-3);
// invalid header/env names are not echoed either, since a value may have been typed into one.
import { describeIssues } from '../config/describe-issues.js';
import { serverDestination } from '../config/destination.js';
import { readMcpConfig, writeMcpConfig } from '../config/mcp-config-file.js';
import { mcpConfigFile } from '../config/paths.js';
import { SERVER_NAME_PATTERN } from '../../common/mcp-server-name.js';
import { ENV_NAME_PATTERN, HEADER_NAME_PATTERN, McpConfigSchema, type ServerConfig } from '../config/schema.js';
import { urlRuleViolation } from '../config/url-rule.js';
import { neutralise } from '../ui/neutralise.js';
import { createSecretReader } from '../ui/secret-input.js';
import type { CliDeps } from './cli-deps.js';
import { CliError, EXIT_USAGE, type CliIo } from './cli-io.js';

export interface McpAddOptions {
  url?: string;
  /** TRANSPORT-2: `sse` stores `"type": "sse"` (legacy HTTP+SSE); default Streamable HTTP. */
  transport?: 'http' | 'sse';
  header: string[];
  env: string[];
}

type Secret = { kind: 'header' | 'env'; name: string };

function usage(message: string): CliError {
  return new CliError(message, EXIT_USAGE);
}

// seam: checkRequest
/** Checks the command line alone; returns the secrets to ask for. */
function checkRequest(name: string, options: McpAddOptions, command: string[], urlRule: CliDeps['urlRuleViolation'] = urlRuleViolation): Secret[] {
  if (!SERVER_NAME_PATTERN.test(name)) {
    throw usage(`invalid server name ${JSON.stringify(neutralise(name))}: use letters, digits, "_" and "-" (at most 32, starting with a letter or digit)`);
  }
  if (options.url !== undefined && command.length > 0) throw usage('give either --url URL or -- COMMAND [ARG...], not both');
  if (options.url === undefined && command.length === 0) throw usage('give --url URL for a remote server or -- COMMAND [ARG...] for a stdio server');
  if (options.url !== undefined) {
    if (options.env.length > 0) throw usage('--env is for stdio servers; a remote server takes --header');
    const violation = urlRule(options.url);
    if (violation) throw usage(`refusing the URL for server ${name}: ${violation}`);
    return checkNames('header', options.header, HEADER_NAME_PATTERN, 'header names are HTTP tokens such as Authorization or X-Api-Key; the value is asked for afterwards', true);
  }
  if (options.header.length > 0) throw usage('--header is for remote servers (--url); a stdio server takes --env');
  if (options.transport !== undefined) throw usage('--transport is for remote servers (--url); a stdio server speaks stdio');
  return checkNames('env', options.env, ENV_NAME_PATTERN, 'environment variable names use letters, digits and "_", not starting with a digit; the value is asked for afterwards', false);
}

function checkNames(kind: Secret['kind'], names: string[], pattern: RegExp, rule: string, caseInsensitive: boolean): Secret[] {
  const seen = new Set<string>();
  return names.map((secretName) => {
    if (!pattern.test(secretName)) throw usage(`invalid ${kind} name: ${rule}`);
    const key = caseInsensitive ? secretName.toLowerCase() : secretName;
    if (seen.has(key)) throw usage(`${kind} ${secretName} is given twice`);
    seen.add(key);
    return { kind, name: secretName };
  });
}

async function askValues(secrets: Secret[], io: CliIo): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  if (secrets.length === 0) return values;
  const reader = createSecretReader(io.stdin, io.stderr);
  try {
    for (const secret of secrets) {
      let value: string;
      try {
        value = await reader.read(`Value for ${secret.kind} ${secret.name}: `);
      } catch (error) {
        throw new CliError(`no value for ${secret.kind} ${secret.name}: ${(error as Error).message}`);
      }
      if (value === '') throw new CliError(`the value for ${secret.kind} ${secret.name} is empty; nothing was added`);
      values[secret.name] = value;
    }
  } finally {
    reader.close();
  }
  return values;
}

// seam: mcpAdd
export async function mcpAdd(name: string, options: McpAddOptions, command: string[], io: CliIo, deps: CliDeps = {}): Promise<number> {
  const secrets = checkRequest(name, options, command, deps.urlRuleViolation);
  const file = mcpConfigFile(io.env);
  const config = readMcpConfig(file);
  if (Object.hasOwn(config.mcpServers, name)) {
    throw new CliError(`an MCP server named ${name} already exists; remove it first (refhost mcp remove ${name})`);
  }
  const values = await askValues(secrets, io);
  const [executable = '', ...args] = command;
  const server: ServerConfig =
    options.url !== undefined
      ? { url: options.url, headers: values, ...(options.transport === 'sse' && { type: 'sse' as const }) }
      : { command: executable, args, env: values };
  const next = McpConfigSchema.safeParse({ mcpServers: { ...config.mcpServers, [name]: server } });
  if (!next.success) throw new CliError(`cannot add server ${name}: ${describeIssues(next.error.issues)}`);
  (deps.writeConfig ?? writeMcpConfig)(file, next.data);
  await deps.afterAdd?.(name, server);
  const flavour = options.transport === 'sse' ? ' (legacy HTTP+SSE transport)' : '';
  io.stdout.write(`Added MCP server ${name}: ${neutralise(serverDestination(server))}${flavour}\nIt is not contacted now; it connects at the next chat start.\n`);
  return 0;
}
