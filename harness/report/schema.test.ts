import { describe, expect, it } from 'vitest';
import { ReportSchema } from './schema.js';
import { refhostFlakyReport, refhostReport } from './test-fixtures/sample-reports.js';

const RUNS_RULE = 'a FLAKY check carries its runs, whose verdicts differ, and only a FLAKY check has runs';

describe('ReportSchema', () => {
  it('takes a FLAKY check with runs whose verdicts differ', () => {
    expect(ReportSchema.safeParse(refhostFlakyReport()).success).toBe(true);
  });

  it('refuses a FLAKY check without runs, runs on another verdict, and runs that all agree', () => {
    const issueOf = (mutate: (checks: Record<string, unknown>[]) => void): string | undefined => {
      const bad = refhostFlakyReport() as unknown as { hosts: { checks: Record<string, unknown>[] }[] };
      mutate(bad.hosts[0]!.checks);
      return ReportSchema.safeParse(bad).error?.issues[0]?.message;
    };
    const flakyAt = refhostFlakyReport().hosts[0]!.checks.findIndex((c) => c.verdict === 'FLAKY');
    expect(issueOf((checks) => delete checks[flakyAt]!.runs)).toBe(RUNS_RULE);
    expect(issueOf((checks) => (checks[flakyAt]!.verdict = 'FAIL'))).toBe(RUNS_RULE);
    expect(issueOf((checks) => ((checks[flakyAt]!.runs as { verdict: string }[])[1]!.verdict = 'FAIL'))).toBe(RUNS_RULE);
    expect(ReportSchema.safeParse(refhostReport()).success).toBe(true);
  });
});
