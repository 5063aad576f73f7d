// Issue 23 item 6, the user's set-up, through whole scenarios: a careless terminal host
// (test-fixtures/careless-host.sh: refhost's profile with the wrapper in front) leaves a child
// in its own process group and a `setsid env -i` daemon. Run as a job under a session leader,
// as under a user's shell, the child survives the host's exit (no hang-up) and both are
// reported: in the observations, failing STDIO-5 where its check stands, and in the run notes
// of a report whose scenario grades nothing of STDIO-5. The host's exit code is still seen
// exactly; refhost itself leaves nothing.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { resolveHost } from '../adapters/resolve-host.js';
import { requireCliBuilt, runCli } from '../cli/test-fixtures/run-cli.js';
import type { Report } from '../report/schema.js';
import { runScenario } from '../runner/run-scenario.js';
import { loadScenario } from '../scenario/load-scenarios.js';
import { suiteRoot } from '../suite-root.js';
import { requireBuilt } from '../vitest/require-built.js';
import { containment } from './pid-namespace.js';
import { scanRunProcesses } from './proc-scan.js';

const CARELESS_HOST = fileURLToPath(new URL('./test-fixtures/careless-host.sh', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mhc-careless-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** refhost's profile (a terminal host) with the careless wrapper in front; what it leaves is named `name`-child and `name`-daemon. */
function carelessProfile(name: string): string {
  const reference = JSON.parse(readFileSync(join(suiteRoot(), 'harness', 'profiles', 'reference-host.json'), 'utf8')) as Record<string, unknown>;
  const file = join(dir, `careless-host-${name}.json`);
  const { resume: _resume, versionArgs: _version, ...rest } = reference;
  expect(rest.terminal).toBe('pty');
  writeFileSync(file, JSON.stringify({ ...rest, name: 'careless-host', command: CARELESS_HOST, args: [name, 'node', '{suiteRoot}/bin/refhost.js', 'chat'] }));
  return file;
}

const scenarioFile = (name: string): string => join(suiteRoot(), 'scenarios', `${name}.scenario.ts`);
const how = await containment();

describe.runIf(how.mechanism === 'pid-namespace')('a careless terminal host', () => {
  test(
    'the child it left in its own group outlives it and is reported with its daemon; its exit code is right; refhost leaves nothing',
    { timeout: 60_000 },
    async () => {
      requireBuilt('dist/refhost.mjs', ['reference-host', 'common']);
      const name = `careless-${randomBytes(6).toString('hex')}`;
      const scenario = await loadScenario(scenarioFile('stdio-env-stderr-reaping'));
      const [careless, reference] = await Promise.all([
        runScenario(scenario, { adapter: resolveHost(carelessProfile(name)) }),
        runScenario(scenario, { adapter: resolveHost('reference') }),
      ]);

      expect(careless.observations.exits).toEqual([{ code: 0, signal: null, killedByHarness: false }]);
      const left = careless.leftovers.map(({ command, role, where, hostEnded }) => ({ command, role, where, hostEnded }));
      expect(left).toEqual(
        expect.arrayContaining([
          { command: `perl -e sleep 300 ${name}-child`, role: 'host', where: 'host-group', hostEnded: 'by-itself' },
          { command: `perl -e sleep 300 ${name}-daemon`, role: 'host', where: 'own-session', hostEnded: 'by-itself' },
        ]),
      );
      const child = careless.observations.leftovers.find((p) => p.cmdline.at(-1) === `${name}-child`);
      expect(child?.pgid).toBe(careless.observations.hostPid);
      const reaped = careless.results.find((r) => r.id === 'stdio-env-stderr-reaping/reaped-on-end-of-input');
      expect({ verdict: reaped?.verdict, evidence: reaped?.evidence.some((e) => e.source.startsWith(`pid ${child?.pid} `)) }).toEqual({
        verdict: 'FAIL',
        evidence: true,
      });
      expect(careless.observations.harnessErrors).toEqual([]);
      expect(scanRunProcesses(name)).toEqual([]);

      expect(reference.observations.exits).toEqual([{ code: 0, signal: null, killedByHarness: false }]);
      expect(reference.leftovers).toEqual([]);
      expect(reference.results.filter((r) => r.verdict !== 'PASS').map((r) => `${r.id}: ${r.observed}`)).toEqual([]);
    },
  );

  test('in a scenario that grades nothing of STDIO-5, what it left is in the report: run.leftovers and the run notes', { timeout: 60_000 }, async () => {
    requireCliBuilt();
    const name = `careless-${randomBytes(6).toString('hex')}`;
    const scenario = await loadScenario(scenarioFile('inject-instructions-as-data'));
    expect(scenario.checks.flatMap((c) => c.guarantees)).not.toContain('STDIO-5');
    const run = await runCli(['run', '--host', carelessProfile(name), '--scenario', scenario.name, '--out', name], { cwd: dir, deadlineMs: 50_000 });
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    const report = JSON.parse(readFileSync(join(dir, name, 'report.json'), 'utf8')) as Report;
    const left = report.hosts[0]?.run.leftovers.map(({ scenario: s, command, where, hostEnded }) => ({ scenario: s, command, where, hostEnded }));
    expect(left).toHaveLength(2);
    expect(left).toEqual(
      expect.arrayContaining([
        { scenario: scenario.name, command: `perl -e sleep 300 ${name}-child`, where: 'host-group', hostEnded: 'by-itself' },
        { scenario: scenario.name, command: `perl -e sleep 300 ${name}-daemon`, where: 'own-session', hostEnded: 'by-itself' },
      ]),
    );
    const markdown = readFileSync(join(dir, name, 'report.md'), 'utf8');
    expect(markdown).toContain(
      "Left running after the host exited, in 1 scenario (the harness killed them when the scenario ended; on a user's machine they would have gone on running):",
    );
    expect(markdown).toContain(`${name}-daemon\\\` (the host's own, in a session of its own) in scenario ${scenario.name}`);
    expect(scanRunProcesses(name)).toEqual([]);
  });
});
