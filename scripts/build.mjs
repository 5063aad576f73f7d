#!/usr/bin/env node
// `npm run build`: tsc, then the bundles, into a fresh folder that replaces dist/ only when
// complete, so a run still using dist/ never finds it half gone. `--if-changed` skips the
// build when dist/ was built from exactly these sources (a hash of every file the build reads,
// kept in dist/.build-stamp): `npm run conformance` and `npm test` build only after a change.
// A type error fails the build (nothing is swapped in).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(root, 'dist');
const STAMP = '.build-stamp';
/** What tsconfig.build.json compiles (tests and test fixtures are not built). */
const SOURCE_DIRS = ['common', 'reference-host', 'fake-servers', 'harness', 'scenarios', 'benchmarks'];
const INPUTS = ['tsconfig.json', 'tsconfig.build.json', 'package-lock.json', 'reports/reference-host/report.json'];
/** After tsc, each with the output folder as its argument. */
const BUNDLES = ['scripts/bundle-refhost.mjs', 'scripts/bundle-report-client.mjs', 'scripts/bundle-stdio-fake.mjs', 'scripts/bundle-known-answer-hosts.mjs'];

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-fixtures' || entry.name === 'node_modules' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** A hash of every file the build reads, by path and content. */
function fingerprint() {
  const files = [
    ...SOURCE_DIRS.filter((d) => existsSync(join(root, d))).flatMap((d) => sources(join(root, d))),
    ...readdirSync(join(root, 'scripts'))
      .filter((f) => f.endsWith('.mjs'))
      .map((f) => join(root, 'scripts', f)),
    ...INPUTS.map((f) => join(root, f)).filter(existsSync),
  ].sort();
  const hash = createHash('sha256');
  for (const file of files) hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    const shown = [command === process.execPath ? 'node' : command, ...args].map((a) => (a.startsWith(`${root}/`) ? relative(root, a) : a));
    process.stderr.write(`build: ${shown.join(' ')} failed (exit ${result.status ?? result.signal})\n`);
    return false;
  }
  return true;
}

const ifChanged = process.argv.includes('--if-changed');
const wanted = fingerprint();
const stampFile = join(DIST, STAMP);
if (ifChanged && existsSync(stampFile) && readFileSync(stampFile, 'utf8').trim() === wanted) {
  process.stdout.write('build: dist/ is up to date with the sources\n');
  process.exit(0);
}

const out = join(root, `dist.build-${process.pid}`);
rmSync(out, { recursive: true, force: true });
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const ok =
  run(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', out]) && BUNDLES.every((script) => run(process.execPath, [join(root, script), out]));
if (!ok) {
  rmSync(out, { recursive: true, force: true });
  process.exit(1);
}
// The scheduler's order (longest first) and --quick need each scenario's duration where the
// committed reports are not shipped (an installed package): the reference host's, in the
// report's own shape, one entry per scenario.
const reference = join(root, 'reports', 'reference-host', 'report.json');
if (existsSync(reference)) {
  const durations = new Map();
  for (const check of JSON.parse(readFileSync(reference, 'utf8')).hosts.flatMap((h) => h.checks))
    durations.set(check.scenario, Math.max(durations.get(check.scenario) ?? 0, check.durationMs));
  const checks = [...durations].map(([scenario, durationMs]) => ({ scenario, durationMs }));
  writeFileSync(join(out, 'reference-durations.json'), `${JSON.stringify({ hosts: [{ checks }] })}\n`);
}
writeFileSync(join(out, STAMP), `${wanted}\n`);
const old = join(root, `dist.old-${process.pid}`);
if (existsSync(DIST)) renameSync(DIST, old);
renameSync(out, DIST);
rmSync(old, { recursive: true, force: true });
// The hosts' code caches are made where the hosts run (a cache keeps the path it was made at);
// until they are, the hosts start without one, only slower.
if (!run(process.execPath, [join(root, 'scripts', 'bundle-refhost.mjs'), DIST, '--train'])) process.exit(1);
