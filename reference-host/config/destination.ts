// How a server's destination is shown: the URL, or the command line for stdio
// (DISCOVER-3 status lines, APPROVE-5 confirmation, CRED-4 listing). One formatter for all.
import { isHttpServer, type ServerConfig } from './schema.js';

/** Words made only of these characters are shown bare; anything else is JSON-quoted. */
const BARE_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** The URL, or command and arguments joined by spaces (quoted where needed, so the
 * shown line is unambiguous; the command itself is never run through a shell, STDIO-1). */
export function serverDestination(config: ServerConfig): string {
  if (isHttpServer(config)) return config.url;
  return [config.command, ...config.args].map((word) => (BARE_WORD.test(word) ? word : JSON.stringify(word))).join(' ');
}
