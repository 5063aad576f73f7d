// The repro folder as written, with the packing stubbed (harness/cli/package.test.ts packs for
// real): no host is started and nothing leaves the machine.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ReportError } from '../report/report-error.js';
import { suiteRoot } from '../suite-root.js';
import type { Report } from '../report/schema.js';
import { useCommandWorkspace } from '../report/test-fixtures/command-workspace.js';
import { checkResult, hostRun, report } from '../report/test-fixtures/sample-reports.js';
import { writeReproFolder, type Packer } from './repro-folder.js';

const ws = useCommandWorkspace('mhc-repro-');

const fakePack: Packer = async (dir) => {
  writeFileSync(join(dir, 'mcp-host-conformance-0.0.0.tgz'), 'packed');
  return { file: 'mcp-host-conformance-0.0.0.tgz', bytes: 6 };
};

/** One failing check of a real scenario, for `host` as its report names it (profile: how `run --host` selected it). */
function reportOf(host: string, profile: string | null, scenarioCheck = 'approve-once-then-deny/denied-call-not-sent'): Report {
  const run = hostRun(host, '0.61.0', [checkResult(scenarioCheck, ['APPROVE-1'], 'FAIL', { observed: 'the server received 2 tools/call' })]);
  run.run.host.profile = profile;
  return report(run);
}

const files = (dir: string, sub = ''): string[] =>
  readdirSync(join(dir, sub), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(dir, join(sub, e.name)) : [join(sub, e.name)]))
    .sort();

describe('repro folder', () => {
  test('a folder that could not be finished is removed, and an empty one given is left empty', async () => {
    const report = ws.file('report.json', reportOf('gemini', 'gemini'));
    const failing: Packer = () => Promise.reject(new ReportError('REPRO_UNAVAILABLE', 'npm pack failed'));
    await expect(writeReproFolder('approve-once-then-deny/denied-call-not-sent', { report, out: join(ws.dir, 'new', 'folder') }, failing)).rejects.toThrow(
      'npm pack failed',
    );
    expect(existsSync(join(ws.dir, 'new'))).toBe(false);
    const given = join(ws.dir, 'given');
    mkdirSync(given);
    await expect(writeReproFolder('approve-once-then-deny/denied-call-not-sent', { report, out: given }, failing)).rejects.toThrow('npm pack failed');
    expect(readdirSync(given)).toEqual([]);
  });

  test("an ACP host's folder: its profile without the suite's install folder, its configuration and servers as written, the scenario, the packed suite", async () => {
    const out = join(ws.dir, 'folder');
    const written = await writeReproFolder(
      'approve-once-then-deny/denied-call-not-sent',
      { report: ws.file('report.json', reportOf('gemini', 'gemini')), out },
      fakePack,
    );
    expect(files(out)).toEqual([
      'README.md',
      'approve-once-then-deny.scenario.ts',
      'host-config/HOME/.gemini/settings.json',
      'host-profile.json',
      'mcp-host-conformance-0.0.0.tgz',
      'package.json',
      'servers.json',
    ]);
    const profile = JSON.parse(readFileSync(join(out, 'host-profile.json'), 'utf8')) as Record<string, unknown>;
    expect(profile).toMatchObject({ name: 'gemini', protocol: 'acp', bin: 'gemini', package: '@google/gemini-cli' });
    expect(profile).not.toHaveProperty('install');
    const servers = JSON.parse(readFileSync(join(out, 'servers.json'), 'utf8')) as { mcpServers: Record<string, { url?: string }> };
    expect(Object.values(servers.mcpServers).map((s) => s.url)).toEqual([expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/)]);
    expect(readFileSync(join(out, 'package.json'), 'utf8')).toContain('"mcp-host-conformance": "file:mcp-host-conformance-0.0.0.tgz"');
    expect(written.command).toBe(
      'npm install --no-audit --no-fund && npx mcp-host-conformance run --host ./host-profile.json --scenario approve-once-then-deny --out result',
    );
    expect(readFileSync(join(out, 'README.md'), 'utf8')).toContain('`gemini` on PATH (e.g. `npm install -g @google/gemini-cli@0.61.0`)');
  });

  test("Copilot's folder prepares its unpacked package at npm install, into its own pkg-cache/, where its profile points the host", async () => {
    const out = join(ws.dir, 'copilot');
    await writeReproFolder('approve-once-then-deny/denied-call-not-sent', { report: ws.file('report.json', reportOf('copilot', 'copilot')), out }, fakePack);
    const profile = JSON.parse(readFileSync(join(out, 'host-profile.json'), 'utf8')) as { env: Record<string, string> };
    expect(profile).not.toHaveProperty('install');
    expect(profile).not.toHaveProperty('prepare');
    expect(profile.env['COPILOT_PKG_CACHE_HOME']).toBe('{profileDir}/pkg-cache');
    expect(JSON.parse(readFileSync(join(out, 'package.json'), 'utf8'))).toMatchObject({ scripts: { postinstall: 'sh prepare-host.sh' } });
    const readme = readFileSync(join(out, 'README.md'), 'utf8');
    expect(readme).toContain("`npm install` also runs `prepare-host.sh` (package.json's postinstall)");
    expect(readme).not.toContain('Before running it');

    // The script as npm runs it, with a stand-in copilot on PATH that records what it was given.
    const bin = join(ws.dir, 'bin');
    mkdirSync(bin);
    writeFileSync(
      join(bin, 'copilot'),
      '#!/bin/sh\nprintf "%s %s %s\\n" "$COPILOT_PKG_CACHE_HOME" "$COPILOT_SEA_EXTRACT_ONLY" "$#" > "$COPILOT_PKG_CACHE_HOME/unpacked"\n',
    );
    chmodSync(join(bin, 'copilot'), 0o755);
    const env = { ...process.env, PATH: `${bin}:${process.env['PATH'] ?? ''}` };
    expect(spawnSync('sh', ['prepare-host.sh'], { cwd: out, env }).status).toBe(0);
    expect(readFileSync(join(out, 'pkg-cache', 'unpacked'), 'utf8')).toBe(`${join(out, 'pkg-cache')} 1 0\n`);
    // Again from scratch; a failure leaves no half-filled folder and says so.
    writeFileSync(join(bin, 'copilot'), '#!/bin/sh\nexit 3\n');
    const failed = spawnSync('sh', ['prepare-host.sh'], { cwd: out, env, encoding: 'utf8' });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('prepare-host.sh: preparing ./pkg-cache with copilot failed');
    expect(existsSync(join(out, 'pkg-cache'))).toBe(false);
  });

  test("a profile given by path: files beside it are listed as missing, unless it is one of the packed suite's", async () => {
    const own = join(ws.dir, 'agent');
    mkdirSync(own);
    const profileFile = join(own, 'mine.json');
    writeFileSync(profileFile, JSON.stringify({ name: 'mine', protocol: 'acp', bin: 'node', argv: ['{profileDir}/dist/agent.js', '--cache', '{hostDir}/c'] }));
    const out = join(ws.dir, 'mine');
    await writeReproFolder('approve-once-then-deny/denied-call-not-sent', { report: ws.file('report.json', reportOf('mine', profileFile)), out }, fakePack);
    const readme = readFileSync(join(out, 'README.md'), 'utf8');
    expect(readme).toContain('Before running it: `host-profile.json` names files this folder does not have:');
    expect(readme).toContain(`- \`{profileDir}/dist/agent.js\`: {profileDir} was \`${own}\` (beside the profile the report's run used)`);
    expect(readme).toContain("- `{hostDir}/c`: {hostDir} was the host's install folder in the suite's checkout (.hosts/)");
    expect(existsSync(join(out, 'prepare-host.sh'))).toBe(false);

    // The reference host's terminal profile by its path: its fixture comes with the packed suite.
    const refhost = join(ws.dir, 'refhost');
    await writeReproFolder(
      'approve-once-then-deny/denied-call-not-sent',
      { report: ws.file('ref.json', reportOf('reference-host', join(suiteRoot(), 'harness', 'profiles', 'reference-host.json'))), out: refhost },
      fakePack,
    );
    const copied = readFileSync(join(refhost, 'host-profile.json'), 'utf8');
    expect(copied).toContain('"{suiteRoot}/harness/profiles/fixtures/refhost-legacy-session.jsonl"');
    expect(copied).not.toContain('{profileDir}');
    expect(readFileSync(join(refhost, 'README.md'), 'utf8')).not.toContain('Before running it');
  });

  test('Codex is selected by name; its config.toml names the fake server it will use; no sandbox path is left in it', async () => {
    const out = join(ws.dir, 'codex');
    await writeReproFolder('approve-once-then-deny/denied-call-not-sent', { report: ws.file('report.json', reportOf('codex', 'codex')), out }, fakePack);
    const toml = readFileSync(join(out, 'host-config/HOME/.codex/config.toml'), 'utf8');
    expect(toml).toMatch(/url = "http:\/\/127\.0\.0\.1:\d+\/mcp"/);
    expect(toml).not.toMatch(/mhc-approve/);
    expect(existsSync(join(out, 'host-profile.json'))).toBe(false);
    expect(readFileSync(join(out, 'README.md'), 'utf8')).toContain('or CODEX_BIN naming it');
  });

  test('a stdio server reads as the installed suite runs it, and the reference host needs nothing installed', async () => {
    const out = join(ws.dir, 'stdio');
    const written = await writeReproFolder(
      'stdio-env-stderr-reaping/bare-environment',
      { report: ws.file('report.json', reportOf('reference', null, 'stdio-env-stderr-reaping/bare-environment')), out },
      fakePack,
    );
    expect(written.command).toContain('--host reference --scenario stdio-env-stderr-reaping');
    const servers = readFileSync(join(out, 'servers.json'), 'utf8');
    expect(servers).toContain('./node_modules/mcp-host-conformance/dist/stdio-fake.mjs');
    expect(servers).not.toContain(process.execPath);
    expect(readFileSync(join(out, 'README.md'), 'utf8')).toContain('its reference host, refhost, comes with the packed suite');
  });

  test('a missing report, an unknown finding, a host not in the report, a folder in use and a scenario this suite lacks are one line each', async () => {
    const good = ws.file('report.json', reportOf('gemini', 'gemini'));
    const used = join(ws.dir, 'used');
    await writeReproFolder('approve-once-then-deny/denied-call-not-sent', { report: good, out: used }, fakePack);
    const cases: [Parameters<typeof writeReproFolder>, RegExp][] = [
      [['x/y', { report: join(ws.dir, 'none.json') }], /none\.json: cannot read conformance report \(ENOENT\)$/],
      [['x/y', { report: good }], /^no finding or check "x\/y" for gemini in this report/],
      [['x/y', { report: good, host: 'qwen' }], /^the report has no host "qwen" \(it has gemini\)$/],
      [['approve-once-then-deny/denied-call-not-sent', { report: good, out: used }], /used: exists and is not empty \(choose another --out, or remove it\)$/],
      [['gone/check', { report: ws.file('old.json', reportOf('gemini', 'gemini', 'gone/check')) }], /^scenario gone of the report is not in this suite/],
      [
        ['approve-once-then-deny/denied-call-not-sent', { report: good, out: join(good, 'sub') }],
        /report\.json\/sub: cannot write reports there \(.*report\.json is not a folder\)$/,
      ],
    ];
    for (const [args, message] of cases) {
      const error = await writeReproFolder(args[0], args[1], fakePack).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ReportError);
      expect((error as ReportError).message).toMatch(message);
      expect((error as ReportError).message).not.toContain('\n');
    }
  });
});
