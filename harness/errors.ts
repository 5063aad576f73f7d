// One error type for faults of the suite itself (verdict HARNESS-ERROR, never counted
// against the host). A broken guarantee is a verdict, never an exception.

export type HarnessErrorCode = 'SCENARIO_INVALID' | 'PROFILE_INVALID' | 'SANDBOX' | 'HOST_START' | 'SCRIPT' | 'FIXTURE' | 'CLI_INPUT';

export class HarnessError extends Error {
  constructor(
    readonly code: HarnessErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'HarnessError';
  }
}

/** Formats zod issues as "field.path: message" lines, for errors that name the field. */
export function formatIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues.map((i) => `${i.path.length > 0 ? i.path.map(String).join('.') : '(root)'}: ${i.message}`).join('\n');
}

/** A multi-line problem as one line for the CLI: "head: a; b" (after ":" or "." and before "(" the lines just run on). */
export function oneLine(message: string): string {
  const lines = message
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  return lines.reduce((acc, line, i) => (i === 0 ? line : `${acc}${/[:.]$/.test(acc) || line.startsWith('(') ? ' ' : '; '}${line}`), '');
}
