// Reading and writing the user's mcp.json (CONFIG-1, CONFIG-3, CRED-1).
// Reading validates the shape only and never rewrites the file; writing is atomic
// (temp file 0600 in the same directory, fsync, rename) so a crash never leaves a torn
// or world-readable file.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describeIssues } from './describe-issues.js';
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
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { mcpServers: {} };
    throw new ConfigFileError(file, `cannot be read (${code ?? String(error)})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigFileError(file, `is not valid JSON (${(error as Error).message})`);
  }
  const parsed = McpConfigSchema.safeParse(json);
  if (!parsed.success) throw new ConfigFileError(file, describeIssues(parsed.error.issues, { unionMismatch: SERVER_SHAPES }));
  return parsed.data;
}

/** Replaces the file atomically; the result has mode 0600 and its directory 0700 when created. */
export function writeMcpConfig(file: string, config: McpConfig): void {
  const text = `${JSON.stringify(McpConfigSchema.parse(config), null, 2)}\n`;
  const dir = path.dirname(file);
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeNewPrivateFile(temp, text);
    fs.renameSync(temp, file);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw new ConfigFileError(file, `cannot be written (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  syncDirectory(dir);
}

function writeNewPrivateFile(file: string, text: string): void {
  const fd = fs.openSync(file, 'wx', 0o600);
  try {
    fs.fchmodSync(fd, 0o600); // exact mode whatever the umask
    fs.writeFileSync(fd, text);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Makes the rename durable; some filesystems refuse fsync on a directory, which is harmless. */
function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // best effort
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
