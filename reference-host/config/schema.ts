// The user's MCP configuration file (CONFIG-1, CRED-1): the common
// {"mcpServers": {NAME: {command,args,env} | {url,headers}}} shape.
// Object key order is the configuration order (status lines follow it).
import { z } from 'zod';

/** Server names become part of exposed tool names (EXPOSE-1), so the charset is narrow. */
export const SERVER_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/;

export const StdioServerConfigSchema = z
  .object({
    command: z.string().min(1, 'command must not be empty'),
    args: z.array(z.string()).default([]),
    env: z.record(z.string(), z.string()).default({}),
  })
  .strict();

export const HttpServerConfigSchema = z
  .object({
    url: z.string().min(1, 'url must not be empty'),
    headers: z.record(z.string(), z.string()).default({}),
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

/** Every credential value of one server (header and env values), for redaction (CRED-3). */
export function secretValues(config: ServerConfig): string[] {
  const values = isHttpServer(config) ? Object.values(config.headers) : Object.values(config.env);
  return values.filter((v) => v.length > 0);
}
