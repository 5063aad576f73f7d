// The published package as a new user gets it: `npm pack`, install the tarball into an
// empty project, then `npx mcp-host-conformance run` against the bundled refhost from
// there, its reports landing in that project, and `npx refhost --version`. Also: the tarball
// holds the built code and none of the tests or committed reports, and every import in it
// resolves inside the package or to one of its runtime dependencies.
import { builtinModules } from 'node:module';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUITE_ROOT } from '../vitest/require-built.js';
import { requireCliBuilt, runCommand, userEnv, type CommandResult } from './test-fixtures/run-cli.js';

const NPM_FLAGS = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];

let dir = '';
let project = '';
let installed = '';
let packed: string[] = [];
let env: Record<string, string> = {};

function ok(result: CommandResult, what: string): CommandResult {
  if (result.code !== 0)
    throw new Error(`${what} exited ${result.code}${result.timedOut ? ' (deadline)' : ''}\n${result.stdout.slice(-3000)}\n${result.stderr.slice(-3000)}`);
  return result;
}

beforeAll(async () => {
  requireCliBuilt();
  dir = mkdtempSync(join(tmpdir(), 'mhc-package-'));
  project = join(dir, 'project');
  mkdirSync(join(dir, 'tmp'));
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), '{ "name": "empty-project", "private": true }\n');
  // A user's project is usually a git repository: its revision must not pass for the suite's.
  const git = ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid'];
  ok(await runCommand('git', ['init', '-q'], { cwd: project }), 'git init');
  ok(await runCommand('git', [...git, 'commit', '-q', '--allow-empty', '-m', 'empty'], { cwd: project }), 'git commit');
  // The CLI's sandboxes and npm's temporary files stay inside this test's folder.
  env = userEnv({ TMPDIR: join(dir, 'tmp') });
  // --ignore-scripts: the build exists (checked above); `prepare` would delete dist/ and
  // rebuild it (about 25 s) under the feet of the tests running beside this one.
  const pack = ok(
    await runCommand('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir, ...NPM_FLAGS], { cwd: SUITE_ROOT, env }),
    'npm pack',
  );
  const [info] = JSON.parse(pack.stdout) as { filename: string; files: { path: string }[] }[];
  packed = info?.files.map((f) => f.path) ?? [];
  ok(await runCommand('npm', ['install', join(dir, info?.filename ?? ''), ...NPM_FLAGS], { cwd: project, env, deadlineMs: 120_000 }), 'npm install');
  installed = join(project, 'node_modules', 'mcp-host-conformance');
}, 180_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Every file under `root`, relative to it. */
function walk(root: string, sub = ''): string[] {
  return readdirSync(join(root, sub), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(root, join(sub, e.name)) : [join(sub, e.name)]));
}

const IMPORT = /(?:^|[;\s])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[;\s])import\s*\(?\s*['"]([^'"]+)['"]/gm;

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

describe('the npm package', () => {
  it('holds the built code, profiles, docs and schema, and none of the tests, CI, benchmarks or committed reports', () => {
    for (const needed of [
      'bin/mcp-host-conformance.js',
      'bin/refhost.js',
      'dist/harness/cli/main.js',
      'dist/refhost.mjs',
      'dist/refhost.cjs',
      'dist/stdio-fake.mjs',
      'dist/reference-durations.json',
      'dist/report-client.js',
      'dist/scenarios/approve-once-then-deny.scenario.js',
      'harness/profiles/reference-host.json',
      'harness/profiles/fixtures/refhost-legacy-session.jsonl',
      'docs/guarantees.md',
      'reports/schema.json',
      'README.md',
      'package.json',
    ]) {
      expect(packed).toContain(needed);
    }
    const unwanted = packed.filter((p) =>
      /\.test\.|\.ts$|\.map$|^\.ci\/|^bench\/|benchmarks\/|faulty-hosts\/|conforming-host|test-fixtures\/|^reports\/(?!schema\.json$|README\.md$)|^scripts\//.test(
        p,
      ),
    );
    expect(unwanted).toEqual([]);
  });

  it('resolves every import of its code inside the package or to a runtime dependency', () => {
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const allowed = new Set([...Object.keys(manifest.dependencies), ...builtinModules]);
    const problems: string[] = [];
    // Bundles carry their dependencies' code, text that reads like imports included (ajv's code generator).
    const bundles = new Set([join('dist', 'stdio-fake.mjs')]);
    for (const file of walk(installed).filter((f) => /\.m?js$/.test(f) && !bundles.has(f))) {
      const text = readFileSync(join(installed, file), 'utf8');
      for (const match of text.matchAll(IMPORT)) {
        const specifier = match[1] ?? match[2] ?? '';
        if (specifier.startsWith('.')) {
          const target = resolve(dirname(join(installed, file)), specifier);
          if (!existsSync(target)) problems.push(`${file}: ${specifier} is not in the package`);
        } else if (!specifier.startsWith('node:') && !allowed.has(packageName(specifier))) {
          problems.push(`${file}: ${specifier} is not a runtime dependency`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('runs a scenario against refhost with npx from an empty project, the reports landing in that project', async () => {
    // One HTTP scenario and one that starts the stdio fake server from the package's dist/.
    const run = ok(
      await runCommand('npx', ['mcp-host-conformance', 'run', '--scenario', 'approve-once', '--scenario', 'transport-stdio-and-http', '--out', 'conformance'], {
        cwd: project,
        env,
        deadlineMs: 120_000,
      }),
      'npx mcp-host-conformance run',
    );
    expect(run.stdout).toContain('Result: conformant:');
    const out = join(project, 'conformance');
    expect(readdirSync(out).sort()).toEqual(['index.html', 'junit.xml', 'report.json', 'report.md']);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as {
      hosts: { run: { suite: { revision: string | null } }; checks: { scenario: string; verdict: string }[] }[];
    };
    const checks = report.hosts[0]?.checks ?? [];
    expect(new Set(checks.map((c) => c.scenario))).toEqual(new Set(['approve-once-then-deny', 'transport-stdio-and-http']));
    expect(checks.filter((c) => c.verdict !== 'PASS')).toEqual([]);
    // Installed from a tarball, the suite has no git revision of its own (not the project's).
    expect(report.hosts[0]?.run.suite.revision).toBeNull();
    // The bundled report client (dist/report-client.js) is inlined into the page.
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('data-ready');
    expect(relative(project, out)).toBe('conformance');
  }, 150_000);

  it('runs refhost with npx', async () => {
    const run = ok(await runCommand('npx', ['refhost', '--version'], { cwd: project, env }), 'npx refhost --version');
    const { version } = JSON.parse(readFileSync(join(SUITE_ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(run.stdout.trim()).toBe(version);
  });
});
