// docs/ci.md's workflow, kept working: its YAML block parses as a workflow with the steps a
// host's CI needs, and the suite's own shell steps run here as a runner runs them (bash
// --noprofile --norc -eo pipefail, the job's env): the row against a baseline (the bundled
// reference host, one short scenario), the findings extraction and the comment (a stand-in gh;
// `npx mcp-host-conformance` is the built CLI, so nothing is fetched).
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMarkdown } from '../report/markdown.js';
import { refhostReport } from '../report/test-fixtures/sample-reports.js';
import { SUITE_ROOT } from '../vitest/require-built.js';
import { CLI_BIN, requireCliBuilt, runCommand, userEnv } from './test-fixtures/run-cli.js';

const StepSchema = z
  .strictObject({
    name: z.string().optional(),
    id: z.string().optional(),
    if: z.string().optional(),
    uses: z.string().optional(),
    with: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    env: z.record(z.string(), z.string()).optional(),
    run: z.string().optional(),
    'continue-on-error': z.boolean().optional(),
  })
  .refine((s) => (s.uses === undefined) !== (s.run === undefined), 'a step either uses an action or runs a command');
type Step = z.infer<typeof StepSchema>;

const WorkflowSchema = z.object({
  name: z.string(),
  on: z.looseObject({}).refine((on) => 'pull_request' in on, 'runs on pull requests'),
  permissions: z.record(z.string(), z.string()),
  jobs: z.strictObject({
    conformance: z.strictObject({ 'runs-on': z.string(), 'timeout-minutes': z.number(), env: z.record(z.string(), z.string()), steps: z.array(StepSchema) }),
  }),
});

/** The first ```yaml block of docs/ci.md, parsed and checked. */
function workflow(): z.infer<typeof WorkflowSchema> {
  const doc = readFileSync(join(SUITE_ROOT, 'docs', 'ci.md'), 'utf8');
  const block = /```yaml\n([\s\S]*?)```/.exec(doc)?.[1];
  if (block === undefined) throw new Error('docs/ci.md has no ```yaml block');
  return WorkflowSchema.parse(parse(block));
}

const step = (steps: readonly Step[], id: string): Step & { run: string } => {
  const found = steps.find((s) => s.id === id);
  if (found?.run === undefined) throw new Error(`docs/ci.md: no step with id ${id} that runs a command`);
  return { ...found, run: found.run };
};

describe("docs/ci.md's workflow", () => {
  it('installs the host and the suite, runs the row against its baseline, keeps the report, extracts and posts the findings', () => {
    const { jobs, permissions } = workflow();
    const { steps, env } = jobs.conformance;
    expect(steps.map((s) => s.uses?.split('@')[0] ?? s.id ?? s.name)).toEqual([
      'actions/checkout',
      'actions/setup-node',
      'Install the host',
      'Install the conformance suite',
      'conformance',
      'actions/upload-artifact',
      'findings',
      'comment',
    ]);
    expect(Object.keys(env)).toEqual(['HOST_PROFILE', 'BASELINE', 'REPORT_DIR', 'CONFORMANCE_ARGS']);
    expect(step(steps, 'conformance').run).toContain('npx mcp-host-conformance run --host "$HOST_PROFILE" --expected-failures "$BASELINE" --out "$REPORT_DIR"');
    const artifact = steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(artifact).toMatchObject({ if: 'always()', with: { path: '${{ env.REPORT_DIR }}/' } });
    expect(step(steps, 'findings').if).toBe('always()');
    expect(step(steps, 'comment')).toMatchObject({
      if: "always() && github.event_name == 'pull_request'",
      run: expect.stringContaining('gh pr comment "$PR"'),
    });
    expect(permissions['pull-requests']).toBe('write');
    // Expressions reach a shell only through env: text of a pull request is never pasted into a script.
    for (const s of steps) expect(s.run ?? '').not.toContain('${{');
  });

  describe('its own shell steps, run as a runner runs them', () => {
    let dir = '';
    let env: Record<string, string> = {};
    const run = (id: string, extra: Record<string, string> = {}) =>
      runCommand('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step(workflow().jobs.conformance.steps, id).run], {
        cwd: dir,
        env: { ...env, ...extra },
        deadlineMs: 30_000,
      });

    beforeAll(() => {
      requireCliBuilt();
      dir = mkdtempSync(join(tmpdir(), 'mhc-ci-recipe-'));
      const bin = join(dir, '.bin');
      mkdirSync(bin);
      const script = (name: string, text: string) => {
        writeFileSync(join(bin, name), `#!/bin/sh\n${text}\n`);
        chmodSync(join(bin, name), 0o755);
      };
      script('npx', `[ "$1" = mcp-host-conformance ] || exit 127\nshift\nexec "${process.execPath}" "${CLI_BIN}" "$@"`);
      script(
        'gh',
        `printf '%s\\n' "$*" > "${join(dir, 'gh-args')}"\nwhile [ $# -gt 0 ]; do [ "$1" = --body-file ] && cp "$2" "${join(dir, 'gh-body')}"; shift; done; exit 0`,
      );
      writeFileSync(join(dir, 'baseline.yaml'), 'client: []\n');
      env = userEnv({
        ...workflow().jobs.conformance.env,
        PATH: `${bin}:${process.env.PATH ?? ''}`,
        HOST_PROFILE: 'reference',
        BASELINE: 'baseline.yaml',
        CONFORMANCE_ARGS: '--scenario policy-invalid-not-json',
        GITHUB_SERVER_URL: 'https://github.com',
        GITHUB_REPOSITORY: 'me/my-host',
        GITHUB_RUN_ID: '42',
        GITHUB_STEP_SUMMARY: join(dir, 'summary.md'),
      });
    });
    afterAll(() => {
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('runs the row against its baseline, keeps the report, extracts the findings and posts them', async () => {
      const row = await run('conformance');
      expect({ code: row.code, result: row.stdout.trim().split('\n').at(-1) }).toEqual({ code: 0, result: 'Result: conformant: 3 check(s) (exit 0)' });
      expect(['index.html', 'report.md', 'report.json', 'junit.xml'].filter((f) => !existsSync(join(dir, 'conformance-report', f)))).toEqual([]);
      expect((await run('findings')).code).toBe(0);
      const findings = readFileSync(join(dir, 'findings.md'), 'utf8');
      expect(findings).toMatch(/^## MCP host conformance: reference /);
      expect(findings).toContain('**3 PASS** (3 checks)');
      expect(findings).not.toContain('| Host |');
      expect(findings).toContain('artifact `mcp-host-conformance-report` of [this run](https://github.com/me/my-host/actions/runs/42)');
      expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toBe(findings);
      expect((await run('comment', { PR: '7', GH_TOKEN: 'x' })).code).toBe(0);
      expect(readFileSync(join(dir, 'gh-args'), 'utf8')).toBe('pr comment 7 --edit-last --create-if-none --body-file findings.md\n');
      expect(readFileSync(join(dir, 'gh-body'), 'utf8')).toBe(findings);
    });

    it('fails the row on a stale baseline entry, naming it, and still writes the report', async () => {
      writeFileSync(join(dir, 'stale.yaml'), 'client:\n  - policy-invalid-not-json:startup-stops # fixed since\n');
      const row = await run('conformance', { BASELINE: 'stale.yaml', REPORT_DIR: 'stale-report' });
      expect(row.code).toBe(1);
      expect(row.stdout).toContain('stale expected failure (now PASS): policy-invalid-not-json/startup-stops');
      expect(existsSync(join(dir, 'stale-report', 'index.html'))).toBe(true);
    });

    it("extracts a failing host's findings up to the table of counts, and says when there is no report", async () => {
      mkdirSync(join(dir, 'failing'));
      writeFileSync(join(dir, 'failing', 'report.md'), renderMarkdown(refhostReport()));
      expect((await run('findings', { REPORT_DIR: 'failing' })).code).toBe(0);
      const findings = readFileSync(join(dir, 'findings.md'), 'utf8');
      expect(findings).toMatch(/### Findings \(\d/);
      expect(findings).toContain('#### 1.');
      expect(findings).not.toContain('| Host |');
      expect((await run('findings', { REPORT_DIR: 'missing' })).code).toBe(0);
      expect(readFileSync(join(dir, 'findings.md'), 'utf8')).toMatch(/^No report: the run stopped before its first scenario/);
    });
  });
});
