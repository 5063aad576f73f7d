// Bundles refhost into one file (dist/refhost.mjs). Why: resolving and loading the
// hundreds of small modules of zod, the MCP SDK and openai doubled refhost's start-up time
// (about 700 ms to 350 ms here); one bundled file keeps the launch near the 300 ms target.
// Runs after tsc (npm run build), from its output, so the bundle is exactly the checked code.
import { build } from 'esbuild';

await build({
  entryPoints: ['dist/reference-host/cli/main.js'],
  outfile: 'dist/refhost.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  // CommonJS dependencies inside an ES module bundle still call require().
  banner: { js: "import { createRequire as __refhostRequire } from 'node:module'; const require = __refhostRequire(import.meta.url);" },
});
