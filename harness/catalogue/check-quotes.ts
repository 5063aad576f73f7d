// Checks that every source of the catalogue quotes verbatim (quote-check.ts). Run from the
// repository root with the seed folder and a checkout of the specification repository:
// `npx tsx harness/catalogue/check-quotes.ts --seeds ../shared/seeds --spec path/to/modelcontextprotocol`.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { GUARANTEES } from './guarantees.js';
import { seedProblems, specProblems } from './quote-check.js';

const { values } = parseArgs({ options: { seeds: { type: 'string' }, spec: { type: 'string' } } });

/** A reader of files under the folder a flag names; a missing folder is one line and exit 2. */
function folder(flag: string, dir: string | undefined): (file: string) => string {
  if (dir === undefined || !existsSync(dir)) {
    process.stderr.write(`check-quotes: ${flag} ${dir ?? ''}: not a folder (usage: --seeds DIR --spec DIR)\n`);
    process.exit(2);
  }
  return (file) => (existsSync(join(dir, file)) ? readFileSync(join(dir, file), 'utf8') : '');
}

const seeds = folder('--seeds', values.seeds);
const spec = folder('--spec', values.spec);
const problems = GUARANTEES.flatMap((g) =>
  g.sources === undefined ? [] : [...seedProblems(g.id, g.sources.seed, seeds), ...g.sources.spec.flatMap((s) => specProblems(g.id, s, spec))],
);
const count = GUARANTEES.reduce((n, g) => n + 1 + (g.sources?.spec.length ?? 0), 0);
for (const p of problems) process.stderr.write(`${p}\n`);
process.stdout.write(`${count} quotes checked, ${problems.length} not verbatim\n`);
process.exitCode = problems.length === 0 ? 0 : 1;
