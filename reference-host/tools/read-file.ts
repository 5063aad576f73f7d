// The built-in read_file tool: read-only and confined to the working directory, so it
// runs without confirmation (unlike MCP calls, APPROVE-4). Absolute paths outside the
// directory, `..` escapes and symlinks that leave it are refused. Its output counts toward
// the per-turn call cap and the context budget like any tool output (LIMIT-2, LIMIT-3).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { CallOutcome } from '../mcp/types.js';

export const READ_FILE_NAME = 'read_file';

/** Same cap as an MCP result sent to the model (RESULT-8). */
export const READ_FILE_MAX_BYTES = 64 * 1024;

export const READ_FILE_DESCRIPTION =
  'Read a UTF-8 text file inside the current working directory (read-only). ' +
  'The path is relative to the working directory; paths outside it are refused.';

export const READ_FILE_PARAMETERS: Record<string, unknown> = {
  type: 'object',
  properties: { path: { type: 'string', description: 'File path relative to the working directory.' } },
  required: ['path'],
  additionalProperties: false,
};

function failed(output: string): CallOutcome {
  return { status: 'failed', output };
}

// seam: isInside
function isInside(root: string, candidate: string): boolean {
  const rel = path.relative(root, candidate);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

function requestedPath(args: Record<string, unknown>): string | null {
  const value = args.path;
  return typeof value === 'string' && value.length > 0 && !value.includes('\0') ? value : null;
}

// seam: readFileTool
/** Runs one read_file call; never throws. */
export async function readFileTool(workDir: string, args: Record<string, unknown>): Promise<CallOutcome> {
  const requested = requestedPath(args);
  if (requested === null) return failed('read_file needs a "path" string argument.');
  try {
    const root = await fs.realpath(workDir);
    const target = path.resolve(root, requested);
    if (!isInside(root, target)) return failed(`${requested}: outside the working directory; refused.`);
    const real = await fs.realpath(target);
    if (!isInside(root, real)) return failed(`${requested}: a link that leaves the working directory; refused.`);
    const stat = await fs.stat(real);
    if (!stat.isFile()) return failed(`${requested}: not a regular file.`);
    return await readCapped(real, stat.size);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return failed(`${requested}: cannot be read (${code ?? 'error'}).`);
  }
}

async function readCapped(file: string, size: number): Promise<CallOutcome> {
  const handle = await fs.open(file, 'r');
  try {
    const buffer = Buffer.alloc(Math.min(size, READ_FILE_MAX_BYTES));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const text = buffer.subarray(0, bytesRead).toString('utf8');
    if (size <= READ_FILE_MAX_BYTES) return { status: 'completed', output: text };
    return {
      status: 'output_limit',
      output: `${text}\n[truncated: first ${READ_FILE_MAX_BYTES} of ${size} bytes]`,
    };
  } finally {
    await handle.close();
  }
}
