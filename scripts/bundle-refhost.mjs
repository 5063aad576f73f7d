// Bundles refhost and the suite's hosts derived from it (the conforming variants, the faulty
// hosts) into one CommonJS file each, with V8 code caches, and a launcher that starts it
// (reference-host/cli/bundle-runner.ts). Why: resolving and loading the hundreds of small
// modules of zod, the MCP SDK and openai doubled refhost's start-up time (about 700 ms to
// 350 ms here), and compiling the one file was then a third of a start's CPU (about 60 of
// 170 ms) until the code cache. Runs after tsc, from its output folder (argument, default
// dist), so a bundle is exactly the checked code. With --train it only makes the code caches,
// in the folder where the bundles will run (scripts/build.mjs runs it after swapping dist/ in:
// V8 keeps the path a script was compiled at in its cache, and a stack trace names it).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const out = process.argv[2] ?? 'dist';
const RUNNER = join(out, 'bundle-runner.mjs');
const TRAINER = fileURLToPath(new URL('./train-code-cache.mjs', import.meta.url));

/**
 * `trainArgs`: the start whose compiled functions a cache holds: to the prompt with no servers,
 * then the end of input (what every start runs; a cache trained on a whole scenario made the
 * conformance run's refhost CPU only 6 % lower still). The conforming and faulty bundles lie
 * under dist/harness/, out of the npm package.
 */
const HOSTS = [
  { entry: 'reference-host/cli/main.js', bundle: 'refhost.cjs', launcher: 'refhost.mjs', trainArgs: ['chat'] },
  {
    entry: 'harness/conforming-hosts/conforming-host-main.js',
    bundle: 'harness/conforming-hosts/conforming-host.cjs',
    launcher: 'conforming-host.mjs',
    trainArgs: ['--variant', 'minimal', 'chat'],
  },
  {
    entry: 'harness/faulty-hosts/faulty-host-main.js',
    bundle: 'harness/faulty-hosts/faulty-host.cjs',
    launcher: 'harness/faulty-hosts/faulty-host.mjs',
    trainArgs: ['--fault', 'auto-approve', 'chat'],
  },
].map((host) => ({ ...host, entry: join(out, host.entry), bundle: join(out, host.bundle), launcher: join(out, host.launcher) }));

/**
 * The node options the hosts run with, one code cache each (V8 rejects a cache made under
 * other flags): none, as a user starts refhost, and those of the suite's sandbox.
 */
const { developerShellEnv } = await import(pathToFileURL(join(out, 'harness/sandbox/host-env.js')).href);
const NODE_OPTION_SETS = [undefined, developerShellEnv({ project: '/', tmp: '/' }).NODE_OPTIONS];

async function bundle({ entry, bundle: outfile }) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'warning',
    // Without comments the bundle is ASCII (esbuild escapes the rest), which bundle-runner.ts reads as latin1; and a third smaller.
    minifyWhitespace: true,
    // Strict, as the ES modules it is made of; import.meta.url as where the bundle lies (refhost --version finds package.json from it).
    banner: { js: '"use strict";var __bundleUrl=require("node:url").pathToFileURL(__filename).href;' },
    define: { 'import.meta.url': '__bundleUrl' },
  });
  const text = readFileSync(outfile);
  const wide = text.findIndex((byte) => byte > 0x7f);
  if (wide !== -1) throw new Error(`${outfile} is not ASCII at byte ${wide}: bundle-runner.ts reads it as latin1`);
}

/** Starts the bundle under `nodeOptions`, to the prompt and the end of input, and saves what it compiled. */
async function train({ bundle: file, trainArgs }, nodeOptions) {
  const home = mkdtempSync(join(tmpdir(), 'mhc-code-cache-'));
  try {
    // A closed port for the model: nothing of a training start leaves the machine.
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: home,
      XDG_CONFIG_HOME: join(home, 'config'),
      XDG_DATA_HOME: join(home, 'data'),
      OPENAI_API_KEY: 'code-cache-training',
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
    };
    const child = spawn(process.execPath, [TRAINER, resolve(RUNNER), resolve(file), ...trainArgs], {
      env: nodeOptions === undefined ? env : { ...env, NODE_OPTIONS: nodeOptions },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.stdin.end(); // the end of input at the prompt: every host's way out
    const [code] = await once(child, 'close');
    if (code !== 0) throw new Error(`training the code cache of ${file} (NODE_OPTIONS=${nodeOptions ?? ''}) failed: ${output}`);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/** `file` relative to the launcher's folder, as an import specifier or a relative URL. */
function fromLauncher(launcher, file) {
  const path = relative(dirname(launcher), file);
  return path.startsWith('.') ? path : `./${path}`;
}

function writeLauncher({ bundle: file, launcher }) {
  writeFileSync(
    launcher,
    `// Generated by scripts/bundle-refhost.mjs: starts ${basename(file)} from V8's code cache.\n` +
      `import { fileURLToPath } from 'node:url';\n` +
      `import { runBundle } from '${fromLauncher(launcher, RUNNER)}';\n\n` +
      `runBundle(fileURLToPath(new URL('${fromLauncher(launcher, file)}', import.meta.url)));\n`,
  );
}

if (process.argv.includes('--train')) {
  await Promise.all(HOSTS.flatMap((host) => NODE_OPTION_SETS.map((nodeOptions) => train(host, nodeOptions))));
} else {
  await build({
    entryPoints: [join(out, 'reference-host/cli/bundle-runner.js')],
    outfile: RUNNER,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  await Promise.all(HOSTS.map(bundle));
  // Last: a launcher is what tests compare with the sources' times (harness/vitest/require-built.ts).
  for (const host of HOSTS) writeLauncher(host);
}
