import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { reportJsonSchemaText } from './json-schema.js';

describe('reports/schema.json', () => {
  it('matches the JSON Schema generated from ReportSchema (refresh: npx tsx harness/report/update-schema.ts)', () => {
    const committed = readFileSync(fileURLToPath(new URL('../../reports/schema.json', import.meta.url)), 'utf8');
    expect(committed, 'reports/schema.json is stale: run `npx tsx harness/report/update-schema.ts`').toBe(reportJsonSchemaText());
  });

  it('requires the fields every report carries and lists the verdicts', () => {
    const schema = JSON.parse(reportJsonSchemaText()) as { required: string[] };
    expect(schema.required).toEqual(['schemaVersion', 'generatedAt', 'guarantees', 'hosts']);
    expect(reportJsonSchemaText()).toContain('"HARNESS-ERROR"');
  });
});
