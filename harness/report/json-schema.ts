// The report's JSON Schema, generated from ReportSchema so the two never drift apart.
// reports/schema.json holds this text; json-schema.test.ts fails when it is stale
// (refresh it with `npx tsx harness/report/update-schema.ts`).
import { z } from 'zod';
import { ReportSchema } from './schema.js';

/** The JSON Schema text (pretty, trailing newline) of a report file as the writers produce it. */
export function reportJsonSchemaText(): string {
  const schema = z.toJSONSchema(ReportSchema, { io: 'output' });
  const { $schema, ...rest } = schema;
  const titled = { $schema, title: 'MCP host conformance report', ...rest };
  return `${JSON.stringify(titled, null, 2)}\n`;
}
