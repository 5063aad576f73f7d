// Reading and writing the user's mcp.json (CONFIG-1, CONFIG-3, CRED-1).
// Reading validates the shape only and never rewrites the file; writing is atomic
// (temp file 0600 in the same directory, fsync, rename) so a crash never leaves a torn
// or world-readable file.
import { describeIssues } from './describe-issues.js';
import { readOptionalJson, writePrivateFileAtomic } from './private-file.js';
import { McpConfigSchema, type McpConfig } from './schema.js';

const SERVER_SHAPES = 'expected either {"url", "headers"} (remote server) or {"command", "args", "env"} (stdio server)';

export class ConfigFileError extends Error {
  override name = 'ConfigFileError';
  constructor(readonly file: string, problem: string) {
    super(`${file}: ${problem}`);
  }
}

/** A missing file is an empty configuration; anything unreadable or invalid is an error. */
export function readMcpConfig(file: string): McpConfig {
  const json = readOptionalJson(file, (problem) => new ConfigFileError(file, problem));
  if (json === undefined) return { mcpServers: {} };
  const parsed = McpConfigSchema.safeParse(json);
  if (!parsed.success) throw new ConfigFileError(file, describeIssues(parsed.error.issues, { unionMismatch: SERVER_SHAPES }));
  return parsed.data;
}

/** Replaces the file atomically; the result has mode 0600 and its directory 0700 when created. */
export function writeMcpConfig(file: string, config: McpConfig): void {
  const text = `${JSON.stringify(McpConfigSchema.parse(config), null, 2)}\n`;
  writePrivateFileAtomic(file, text, (problem) => new ConfigFileError(file, problem));
}
