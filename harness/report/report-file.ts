// Reading report files (and other zod-checked JSON inputs of the report commands).
// A bad file is a clear ReportError naming the file and the zod path, never a stack trace.
import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { ReportError } from './report-error.js';
import { ReportSchema, type Report } from './schema.js';

/** "hosts[0].checks[3].verdict: Invalid option: expected one of ..." for each issue (at most 5). */
export function formatZodIssues(error: z.ZodError): string {
  const lines = error.issues.slice(0, 5).map((issue) => {
    const path = issue.path.reduce<string>((acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key)), '');
    return `${path || '(root)'}: ${issue.message}`;
  });
  const more = error.issues.length > 5 ? [`... and ${error.issues.length - 5} more problems`] : [];
  return [...lines, ...more].join('\n  ');
}

/** Reads a JSON file and validates it against schema; every failure names the file. */
export function readJsonFile<S extends z.ZodType>(file: string, schema: S, what: string): z.infer<S> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new ReportError('FILE_UNREADABLE', `${file}: cannot read ${what} (${code})`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ReportError('FILE_NOT_JSON', `${file}: not valid JSON (${(error as Error).message})`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new ReportError('FILE_INVALID', `${file}: not a valid ${what}:\n  ${formatZodIssues(parsed.error)}`);
  }
  return parsed.data;
}

export function readReportFile(file: string): Report {
  return readJsonFile(file, ReportSchema, 'conformance report');
}
