import { describe, expect, test } from 'vitest';
import { ReportError } from './report-error.js';
import { reproPackageJson, reproReadme, reproRunCommand, reproTarget, type ReproFolder } from './repro.js';
import type { CheckResult } from './schema.js';
import { checkResult, hostRun, otherHostRun, report } from './test-fixtures/sample-reports.js';

const evidence = [{ kind: 'trap' as const, source: 'trap journal', excerpt: 'GET /elsewhere\nAuthorization: Bearer cnry-1' }];
const redirect = (id: string, verdict: CheckResult['verdict'] = 'FAIL'): CheckResult =>
  checkResult(id, ['NET-2'], verdict, {
    observed: 'the trap received "Bearer cnry-1"',
    evidence,
    rerun: `npx mcp-host-conformance run --host gemini --scenario ${id.split('/')[0]}`,
  });

function geminiReport() {
  const run = hostRun('gemini', '0.61.0', [
    redirect('net-redirect-cross-origin/headers-not-at-the-trap'),
    redirect('net-redirect-every-code/code-301'),
    checkResult('status-lines/one-per-server', ['DISCOVER-3'], 'NON-STRICT', { observed: 'no status line' }),
    checkResult('approve-once-then-deny/asked', ['APPROVE-1'], 'PASS'),
  ]);
  run.run.host.profile = 'gemini';
  return report(run);
}

const folder: ReproFolder = {
  tarball: 'mcp-host-conformance-0.1.0.tgz',
  suite: { version: '0.1.0', revision: 'abcdef1234567890' },
  host: { selector: './host-profile.json', profileFile: 'host-profile.json', package: '@google/gemini-cli', provide: '`gemini` on PATH' },
  scenarioFile: 'net-redirect-every-code.scenario.ts',
  configFiles: [{ file: 'host-config/HOME/.gemini/settings.json', where: '$HOME/.gemini/settings.json' }],
  serversFile: 'servers.json',
};

describe('repro: which finding a name means', () => {
  test('a finding key names the finding and its first check', () => {
    const target = reproTarget(geminiReport(), 'NET-2 net-redirect-cross-origin/headers-not-at-the-trap', 'gemini');
    expect(target.check.id).toBe('net-redirect-cross-origin/headers-not-at-the-trap');
    expect(target.finding.checks).toHaveLength(2);
  });

  test('the id of any check of a finding names that finding and that check, and the only host needs no --host', () => {
    const target = reproTarget(geminiReport(), 'net-redirect-every-code/code-301');
    expect([target.finding.key, target.check.id]).toEqual(['NET-2 net-redirect-cross-origin/headers-not-at-the-trap', 'net-redirect-every-code/code-301']);
  });

  test('an unknown name, a check that is not a finding, an unknown host and several hosts without --host are one line each', () => {
    const cases: [() => unknown, string][] = [
      [
        () => reproTarget(geminiReport(), 'NET-9 nothing/here'),
        'no finding or check "NET-9 nothing/here" for gemini in this report (its findings include "NET-2 net-redirect-cross-origin/headers-not-at-the-trap", "DISCOVER-3 status-lines/one-per-server")',
      ],
      [
        () => reproTarget(geminiReport(), 'approve-once-then-deny/asked'),
        'check approve-once-then-deny/asked is PASS for gemini in this report: only FAIL and NON-STRICT checks are findings',
      ],
      [() => reproTarget(geminiReport(), 'net-redirect-every-code/code-301', 'qwen'), 'the report has no host "qwen" (it has gemini)'],
      [() => reproTarget(report(geminiReport().hosts[0]!, otherHostRun()), 'x/y'), 'the report has 2 hosts (gemini, codex): choose one with --host'],
    ];
    for (const [make, message] of cases) {
      expect(make).toThrow(ReportError);
      expect(make).toThrow(message);
      expect(message).not.toContain('\n');
    }
  });
});

describe("repro: the folder's README and package.json", () => {
  test('the README says what the finding is, the one command, what to look for and what each file is', () => {
    const target = reproTarget(geminiReport(), 'net-redirect-every-code/code-301');
    const readme = reproReadme(target, folder);
    expect(readme.split('\n')[0]).toBe('# gemini 0.61.0: NET-2 net-redirect-cross-origin/headers-not-at-the-trap');
    expect(readme).toContain('**security** · tier safety · NET-2');
    expect(readme).toContain('> Redirects are never followed.');
    expect(readme).toContain('against @google/gemini-cli 0.61.0: check `net-redirect-every-code/code-301` was **FAIL** (MUST)');
    expect(readme).toContain('**Expected:** expected behaviour of net-redirect-every-code/code-301');
    expect(readme).toContain('**Observed:** the trap received "Bearer cnry-1"');
    expect(readme).toContain('**Evidence** (trap journal):\n\n```text\nAuthorization: Bearer cnry-1\n```');
    expect(readme).toContain(
      '- net-redirect-cross-origin: `npx mcp-host-conformance run --host ./host-profile.json --scenario net-redirect-cross-origin --out result-net-redirect-cross-origin`',
    );
    expect(readme).toContain(
      '```sh\nnpm install --no-audit --no-fund && npx mcp-host-conformance run --host ./host-profile.json --scenario net-redirect-every-code --out result\n```',
    );
    expect(readme).toContain('`gemini` on PATH');
    expect(readme).toContain('counts a FAIL and the run ends with `Result: checks failed: ...` (exit 1)');
    expect(readme).toContain('`result/report.md` lists check `net-redirect-every-code/code-301`');
    expect(readme).toContain(
      "- `host-config/HOME/.gemini/settings.json`: the host's configuration as the suite wrote it at `$HOME/.gemini/settings.json` for this scenario.",
    );
    expect(readme).toContain('- `host-profile.json`: how the suite starts and drives the host.');
    expect(readme).toContain('mcp-host-conformance 0.1.0 @ abcdef123456');
    expect(readme).toContain('`npx mcp-host-conformance serve --scenario net-redirect-every-code`');
  });

  test('a SHOULD missed is looked for in index.html: it neither fails the run nor appears in report.md', () => {
    const readme = reproReadme(reproTarget(geminiReport(), 'status-lines/one-per-server'), folder);
    expect(readme).toContain('counts a NON-STRICT (a SHOULD missed: it does not fail the run by itself)');
    expect(readme).toContain('`result/index.html` (or `result/report.json`) shows check `status-lines/one-per-server`');
    expect(readme).not.toContain('The same cause fails');
  });

  test('a run narrowed to one MCP revision is reproduced with it', () => {
    const r = geminiReport();
    r.hosts[0]!.run.protocol = '2026-07-28';
    expect(reproRunCommand(reproTarget(r, 'net-redirect-every-code/code-301'), folder.host)).toContain(
      '--scenario net-redirect-every-code --protocol 2026-07-28 --out result',
    );
  });

  test('package.json depends on the packed suite in the folder', () => {
    const manifest = JSON.parse(reproPackageJson(reproTarget(geminiReport(), 'net-redirect-every-code/code-301'), folder)) as Record<string, unknown>;
    expect(manifest).toMatchObject({ private: true, dependencies: { 'mcp-host-conformance': 'file:mcp-host-conformance-0.1.0.tgz' } });
  });
});
