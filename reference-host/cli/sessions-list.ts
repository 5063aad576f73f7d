// `refhost sessions`: saved sessions, newest first, with the first user message as title.
// Titles are user text but are neutralised anyway: a session file is data, never trusted
// to drive the terminal (INJECT-2).
import { sessionsDir } from '../config/paths.js';
import { listSessions } from '../sessions/session-store.js';
import { neutralise } from '../ui/neutralise.js';
import type { CliIo } from './cli-io.js';

const TITLE_CHARS = 72;

/** One line: whitespace runs become a space, controls visible escapes, long titles cut. */
function titleLine(title: string): string {
  const chars = Array.from(neutralise(title.replace(/\s+/g, ' ').trim()));
  return chars.length > TITLE_CHARS ? `${chars.slice(0, TITLE_CHARS - 1).join('')}…` : chars.join('');
}

export function sessionsList(io: CliIo): number {
  const sessions = listSessions(sessionsDir(io.env));
  if (sessions.length === 0) {
    io.stdout.write('No saved sessions.\n');
    return 0;
  }
  for (const session of sessions) {
    const time = session.updatedAt.replace(/\.\d{3}Z$/, 'Z');
    io.stdout.write(`${session.id}  ${time}  ${titleLine(session.title)}\n`);
  }
  return 0;
}
