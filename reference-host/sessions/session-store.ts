// Saved sessions (REPLAY-1..3): one JSONL file per session in the data directory, mode
// 0600. The first line is a header with a format version; every later line is one item.
// Loading needs no MCP server and invokes nothing. Credential values are never given to
// this module (CRED-3), and it reads no configuration.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type * as z from 'zod';
import { describeIssues } from '../config/describe-issues.js';
import {
  SESSION_FORMAT_VERSION,
  SessionHeaderSchema,
  SessionItemSchema,
  upgradeV1Line,
  type SessionHeader,
  type SessionItem,
} from './session-item.js';

export type { SessionItem } from './session-item.js';

// seam: SESSION_ID_PATTERN
/** What `--resume` accepts; also keeps an id from naming a path outside the directory. */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export class SessionFileError extends Error {
  override name = 'SessionFileError';
}

export interface SessionWriter {
  readonly id: string;
  readonly file: string;
  /** Validates and appends one item (the file and its header appear with the first item). */
  append(item: SessionItem): void;
}

export interface LoadedSession {
  id: string;
  header: SessionHeader;
  items: SessionItem[];
}

export interface SessionSummary {
  id: string;
  createdAt: string;
  updatedAt: string;
  /** The first user message (raw; neutralise before printing), or a placeholder. */
  title: string;
}

/** Sortable: UTC time to the millisecond, then a random suffix against collisions. */
export function newSessionId(now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('.', '');
  return `${stamp}-${randomBytes(4).toString('hex')}`;
}

function sessionFile(dir: string, id: string): string {
  if (!SESSION_ID_PATTERN.test(id)) throw new SessionFileError(`not a session id: ${JSON.stringify(id)}`);
  return path.join(dir, `${id}.jsonl`);
}

function appendLine(file: string, value: unknown): void {
  fs.appendFileSync(file, `${JSON.stringify(value)}\n`, { mode: 0o600 });
}

function writerFor(file: string, id: string, header: SessionHeader | null): SessionWriter {
  let pendingHeader = header;
  return {
    id,
    file,
    append(item: SessionItem): void {
      const parsed = SessionItemSchema.safeParse(item);
      if (!parsed.success) throw new SessionFileError(`refusing to record an invalid item: ${describeIssues(parsed.error.issues)}`);
      if (pendingHeader) {
        fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
        fs.writeFileSync(file, `${JSON.stringify(pendingHeader)}\n`, { mode: 0o600, flag: 'wx' });
        pendingHeader = null;
      }
      appendLine(file, parsed.data);
    },
  };
}

/** A new session; nothing is written until the first item, so an empty chat leaves no file. */
export function openNewSession(dir: string, now: Date = new Date()): SessionWriter {
  const id = newSessionId(now);
  const header: SessionHeader = { type: 'session', version: SESSION_FORMAT_VERSION, id, createdAt: now.toISOString() };
  return writerFor(sessionFile(dir, id), id, header);
}

// seam: reopenSession
/** Appends to an existing session (after `--resume` / `--continue`). */
export function reopenSession(dir: string, id: string): SessionWriter {
  const file = sessionFile(dir, id);
  if (!fs.existsSync(file)) throw new SessionFileError(`no saved session with id ${id} in ${dir}`);
  fs.chmodSync(file, 0o600); // older files may predate the private mode
  return writerFor(file, id, null);
}

// seam: loadSession
/** Reads and checks every line; a bad line is an error naming the file and line number. */
export function loadSession(dir: string, id: string): LoadedSession {
  const file = sessionFile(dir, id);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new SessionFileError(`no saved session with id ${id} in ${dir}`);
    throw new SessionFileError(`${file}: cannot be read (${code ?? String(error)})`);
  }
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const where = (index: number): string => `${file}:${index + 1}`;
  if (lines.length === 0) throw new SessionFileError(`${where(0)}: empty file (no session header)`);
  const header = check(where(0), 'not a session header', SessionHeaderSchema, lineValue(where(0), lines[0] as string));
  const items = lines.slice(1).map((line, i) => {
    const value = lineValue(where(i + 1), line);
    return check(where(i + 1), 'not a session item', SessionItemSchema, header.version === 1 ? upgradeV1Line(value) : value);
  });
  return { id, header, items };
}

function lineValue(where: string, line: string): unknown {
  try {
    return JSON.parse(line);
  } catch (error) {
    throw new SessionFileError(`${where}: not valid JSON (${(error as Error).message})`);
  }
}

function check<T>(where: string, what: string, schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new SessionFileError(`${where}: ${what}: ${describeIssues(parsed.error.issues)}`);
  return parsed.data;
}

function sessionIds(dir: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new SessionFileError(`${dir}: cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  return names.filter((n) => n.endsWith('.jsonl')).map((n) => n.slice(0, -'.jsonl'.length)).filter((id) => SESSION_ID_PATTERN.test(id));
}

/** Most recently updated first; equal times fall back to the (sortable) id, newest first. */
function byRecency(dir: string): { id: string; mtimeMs: number }[] {
  const entries = sessionIds(dir).flatMap((id) => {
    try {
      return [{ id, mtimeMs: fs.statSync(path.join(dir, `${id}.jsonl`)).mtimeMs }];
    } catch {
      return []; // removed meanwhile
    }
  });
  return entries.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

// seam: latestSessionId
/** The session `--continue` resumes, or null when none was saved. */
export function latestSessionId(dir: string): string | null {
  return byRecency(dir)[0]?.id ?? null;
}

/** Every saved session, newest first; an unreadable file is listed with the reason as title. */
export function listSessions(dir: string): SessionSummary[] {
  return byRecency(dir).map(({ id, mtimeMs }) => {
    const updatedAt = new Date(mtimeMs).toISOString();
    try {
      const { header, items } = loadSession(dir, id);
      const first = items.find((item) => item.type === 'message' && item.role === 'user');
      const title = first?.type === 'message' ? first.content : '(no user message)';
      return { id, createdAt: header.createdAt ?? updatedAt, updatedAt, title };
    } catch (error) {
      return { id, createdAt: updatedAt, updatedAt, title: `(unreadable: ${(error as Error).message})` };
    }
  });
}
