// Bundles refhost into one file (dist/refhost.mjs), and the conforming variants' entry (dist/conforming-host.mjs). Why: resolving and loading the
// hundreds of small modules of zod, the MCP SDK and openai doubled refhost's start-up time
// (about 700 ms to 350 ms here); one bundled file keeps the launch near the 300 ms target.
// Runs after tsc (npm run build), from its output, so the bundle is exactly the checked code.
import { build } from 'esbuild';

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

await bundle('dist/reference-host/cli/main.js', 'dist/refhost.mjs');
// The conforming variants (harness/conforming-hosts) are refhost in other dialects: bundled the
// same way, they start like refhost does, as a user's own host would.
await bundle('dist/harness/conforming-hosts/conforming-host-main.js', 'dist/conforming-host.mjs');
