// The user's MCP configuration file (CONFIG-1, CRED-1): the common
// {"mcpServers": {NAME: {command,args,env} | {url,headers,type?}}} shape.
// Object key order is the configuration order (status lines follow it).
import * as z from 'zod';
import { SERVER_NAME_PATTERN } from '../../common/mcp-server-name.js';

/** An HTTP field name (RFC 9110 token): no ':' or '=', so a value can never ride along in it. */
export const HEADER_NAME_PATTERN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,128}$/;
/** A portable environment variable name. */
export const ENV_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

// Messages never quote a value: they may be credentials (CRED-3).
const HeaderNameSchema = z.string().regex(HEADER_NAME_PATTERN, 'header names are HTTP tokens (letters, digits and !#$%&\'*+.^_`|~-)');
const HeaderValueSchema = z.string().regex(/^[^\0-\x08\x0a-\x1f\x7f]*$/, 'header values may not contain control characters');
const EnvNameSchema = z.string().regex(ENV_NAME_PATTERN, 'environment variable names use letters, digits and "_", not starting with a digit');
const EnvValueSchema = z.string().regex(/^[^\0]*$/, 'environment values may not contain NUL');

export const StdioServerConfigSchema = z
  .object({
    command: z.string().min(1, 'command must not be empty'),
    args: z.array(z.string()).default([]),
    env: z.record(EnvNameSchema, EnvValueSchema).default({}),
  })
  .strict();

export const HttpServerConfigSchema = z
  .object({
    url: z.string().min(1, 'url must not be empty'),
    headers: z.record(HeaderNameSchema, HeaderValueSchema).default({}),
    /** TRANSPORT-2: the legacy HTTP+SSE transport (Claude Code's spelling); absent = Streamable HTTP. */
    type: z.literal('sse').optional(),
  })
  .strict();

export const ServerConfigSchema = z.union([StdioServerConfigSchema, HttpServerConfigSchema]);

export const McpConfigSchema = z
  .object({
    mcpServers: z.record(
      z.string().regex(SERVER_NAME_PATTERN, 'server names use letters, digits, "_" and "-" (at most 32, starting with a letter or digit)'),
      ServerConfigSchema,
    ),
  })
  .strict();

export type StdioServerConfig = z.infer<typeof StdioServerConfigSchema>;
export type HttpServerConfig = z.infer<typeof HttpServerConfigSchema>;
export type ServerConfig = z.infer<typeof ServerConfigSchema>;
export type McpConfig = z.infer<typeof McpConfigSchema>;

export function isHttpServer(config: ServerConfig): config is HttpServerConfig {
  return 'url' in config;
}

// seam: secretValues
/** Every credential value of one server (header and env values), for redaction (CRED-3). */
export function secretValues(config: ServerConfig): string[] {
  const values = isHttpServer(config) ? Object.values(config.headers) : Object.values(config.env);
  return values.filter((v) => v.length > 0);
}
