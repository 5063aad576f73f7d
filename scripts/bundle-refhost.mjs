// Bundles refhost into one file (dist/refhost.mjs), and the conforming variants' entry (dist/conforming-host.mjs). Why: resolving and loading the
// hundreds of small modules of zod, the MCP SDK and openai doubled refhost's start-up time
// (about 700 ms to 350 ms here); one bundled file keeps the launch near the 300 ms target.
// Runs after tsc (scripts/build.mjs), from its output folder (argument, default dist), so the
// bundle is exactly the checked code.
import { join } from 'node:path';
import { build } from 'esbuild';

const out = process.argv[2] ?? 'dist';

const bundle = (entry, outfile) =>
  build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    // CommonJS dependencies inside an ES module bundle still call require().
    banner: { js: "import { createRequire as __refhostRequire } from 'node:module'; const require = __refhostRequire(import.meta.url);" },
  });

await bundle(join(out, 'reference-host/cli/main.js'), join(out, 'refhost.mjs'));
// The conforming variants (harness/conforming-hosts) are refhost in other dialects: bundled the
// same way, they start like refhost does, as a user's own host would.
await bundle(join(out, 'harness/conforming-hosts/conforming-host-main.js'), join(out, 'conforming-host.mjs'));
