// The command line that starts a stdio fake server (TRANSPORT-1, STDIO-*): node running the
// bundled entry (scripts/bundle-stdio-fake.mjs), behaviour and journal target in argv. Runs
// from source (tsx, vitest) and from dist.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseServerBehaviour, type ServerBehaviour } from './behaviour.js';
import { assertBehaviourFitsTransport } from './behaviour-fit.js';
import { stdioArgs, type JournalTarget } from './stdio-args.js';

/** dist/stdio-fake.mjs, whether this module runs from source or from dist. */
export const STDIO_MAIN_PATH = fileURLToPath(
  import.meta.url.endsWith('.js') ? new URL('../../stdio-fake.mjs', import.meta.url) : new URL('../../dist/stdio-fake.mjs', import.meta.url),
);

export function stdioFakeServerCommand(behaviour: ServerBehaviour, journal: JournalTarget): { command: string; args: string[] } {
  const parsed = parseServerBehaviour(behaviour);
  assertBehaviourFitsTransport(parsed, 'stdio');
  if (!existsSync(STDIO_MAIN_PATH)) throw new Error(`${STDIO_MAIN_PATH} is missing: build first (npm run build)`);
  const extra = parsed.stdio?.extraArgs ?? [];
  return { command: process.execPath, args: [STDIO_MAIN_PATH, ...stdioArgs(parsed, journal), ...extra] };
}
