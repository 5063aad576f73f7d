// Turns zod issues into one line that leads each problem with its path
// (e.g. `mcpServers.docs.url: url must not be empty`), for file and CLI errors.
// zod's messages never quote the input value, so credentials stay off the screen (CRED-3).
import type * as z from 'zod';

export interface DescribeOptions {
  /** Said when a value matches no branch of a union equally badly (no branch came closest). */
  unionMismatch?: string;
}

export function describeIssues(issues: readonly z.core.$ZodIssue[], options: DescribeOptions = {}, prefix: PropertyKey[] = []): string {
  return issues.map((issue) => describeIssue(issue, options, prefix)).join('; ');
}

function describeIssue(issue: z.core.$ZodIssue, options: DescribeOptions, prefix: PropertyKey[]): string {
  const at = [...prefix, ...issue.path];
  if (issue.code === 'invalid_key') return describeIssues(issue.issues, options, at);
  if (issue.code === 'invalid_union') {
    // Report the branch the value came closest to; a tie has no better answer than the hint.
    const [best, second] = [...issue.errors].sort((a, b) => a.length - b.length);
    if (best && (second === undefined || best.length < second.length)) return describeIssues(best, options, at);
    return `${formatPath(at)}: ${options.unionMismatch ?? issue.message}`;
  }
  return `${formatPath(at)}: ${issue.message}`;
}

function formatPath(at: PropertyKey[]): string {
  return at.length === 0 ? '(top level)' : at.map(String).join('.');
}
