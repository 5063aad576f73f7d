// The command line that starts a stdio fake server (TRANSPORT-1, STDIO-*): node running the
// built entry, behaviour and journal target in argv. Runs from source (tsx, vitest) and from dist.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseServerBehaviour, type ServerBehaviour } from './behaviour.js';
import { assertBehaviourFitsTransport } from './behaviour-fit.js';
import { stdioArgs, type JournalTarget } from './stdio-args.js';

/** dist/fake-servers/mcp/stdio-main.js, whether this module runs from source or from dist. */
export const STDIO_MAIN_PATH = fileURLToPath(
  import.meta.url.endsWith('.js') ? new URL('./stdio-main.js', import.meta.url) : new URL('../../dist/fake-servers/mcp/stdio-main.js', import.meta.url),
);

export function stdioFakeServerCommand(behaviour: ServerBehaviour, journal: JournalTarget): { command: string; args: string[] } {
  const parsed = parseServerBehaviour(behaviour);
  assertBehaviourFitsTransport(parsed, 'stdio');
  if (!existsSync(STDIO_MAIN_PATH)) throw new Error(`${STDIO_MAIN_PATH} is missing: build first (npx tsc -p tsconfig.build.json)`);
  const extra = parsed.stdio?.extraArgs ?? [];
  return { command: process.execPath, args: [STDIO_MAIN_PATH, ...stdioArgs(parsed, journal), ...extra] };
}
