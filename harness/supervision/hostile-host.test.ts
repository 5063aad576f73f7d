// STDIO-5 against a hostile host (test-fixtures/hostile-host.sh, run through a profile like
// refhost's): it leaves a daemon that shares nothing with the sandbox (setsid, double fork,
// `env -i`, cwd /), ignores SIGTERM and SIGINT, floods stdout and keeps its pipes open. The
// scenario must end, report the daemon as a leftover, kill it and leave nothing running.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { resolveHost } from '../adapters/resolve-host.js';
import { runScenario } from '../runner/run-scenario.js';
import { loadScenario } from '../scenario/load-scenarios.js';
import { suiteRoot } from '../suite-root.js';
import { requireBuilt } from '../vitest/require-built.js';
import { containment } from './pid-namespace.js';
import { scanRunProcesses } from './proc-scan.js';

const HOSTILE_HOST = fileURLToPath(new URL('./test-fixtures/hostile-host.sh', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mhc-hostile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** refhost's profile with the hostile wrapper in front; the daemon is called `daemonName`. */
function hostileProfile(daemonName: string): string {
  const reference = JSON.parse(readFileSync(join(suiteRoot(), 'harness', 'profiles', 'reference-host.json'), 'utf8')) as Record<string, unknown>;
  const file = join(dir, 'hostile-host.json');
  const { resume: _resume, versionArgs: _version, ...rest } = reference;
  writeFileSync(
    file,
    JSON.stringify({ ...rest, name: 'hostile-host', command: HOSTILE_HOST, args: [daemonName, 'node', '{suiteRoot}/bin/refhost.js', 'chat'] }),
  );
  return file;
}

const how = await containment();

describe.runIf(how.mechanism === 'pid-namespace')('a hostile host', () => {
  test('its daemon is reported as a STDIO-5 leftover and killed, and the scenario ends with nothing left running', { timeout: 60_000 }, async () => {
    requireBuilt('dist/refhost.mjs', ['reference-host', 'common']);
    const daemonName = `hostile-daemon-${randomBytes(6).toString('hex')}`;
    const scenario = await loadScenario(join(suiteRoot(), 'scenarios', 'stdio-reap-on-sigterm.scenario.ts'));
    const { observations, results, leftovers } = await runScenario(scenario, { adapter: resolveHost(hostileProfile(daemonName)) });

    const daemon = observations.leftovers.find((p) => p.cmdline.at(-1) === daemonName);
    expect(daemon, `leftovers: ${JSON.stringify(observations.leftovers.map((p) => p.cmdline))}`).toBeDefined();
    // Nothing of the sandbox marks it: the old scan for the sandbox's path could not see it.
    expect(JSON.stringify({ cmdline: daemon?.cmdline, env: daemon?.env })).not.toMatch(/mhc-stdio-reap-on-sigterm-/);
    const reaped = results.find((r) => r.id === 'stdio-reap-on-sigterm/reaped-on-sigterm');
    expect({ verdict: reaped?.verdict, evidence: reaped?.evidence.some((e) => e.source.startsWith(`pid ${daemon?.pid} `)) }).toEqual({
      verdict: 'FAIL',
      evidence: true,
    });
    expect(observations.exits.map((e) => e.killedByHarness)).toEqual([true]);
    // The report says it outlived the host, whatever the scenario grades (run notes).
    expect(leftovers.find((l) => l.pid === daemon?.pid)).toMatchObject({ role: 'host', where: 'own-session', hostEnded: 'killed-by-harness' });
    expect(observations.screen.stdout.length).toBeGreaterThan(3_000_000);
    expect(observations.harnessErrors).toEqual([]);
    expect(scanRunProcesses(daemonName)).toEqual([]);
  });
});
