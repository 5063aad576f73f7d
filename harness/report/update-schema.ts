// Rewrites reports/schema.json from ReportSchema. Run from the repository root:
// `npx tsx harness/report/update-schema.ts` (or pass another target path).
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { reportJsonSchemaText } from './json-schema.js';

const target = resolve(process.argv[2] ?? 'reports/schema.json');
writeFileSync(target, reportJsonSchemaText());
process.stdout.write(`wrote ${target}\n`);
