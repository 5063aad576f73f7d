// Bundles the stdio fake MCP server into one file (dist/stdio-fake.mjs), the script every
// stdio server of a run starts as (STDIO_MAIN_PATH). Why: resolving and loading its hundreds
// of small modules (the fake's own, the MCP SDKs, zod) cost each server about 0.3 CPU-s before
// it listed its tools, and a full run starts about thirty of them.
// Runs after tsc (scripts/build.mjs), from its output folder (argument, default dist), so the
// bundle is exactly the checked code.
// stdio-main.js imports the server dynamically, so the bundle's first statement is still the
// SIGUSR1 handler: the server's modules are wrapped and run only after it.
import { join } from 'node:path';
import { build } from 'esbuild';

const out = process.argv[2] ?? 'dist';

await build({
  entryPoints: [join(out, 'fake-servers/mcp/stdio-main.js')],
  outfile: join(out, 'stdio-fake.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  // CommonJS dependencies inside an ES module bundle still call require().
  banner: { js: "import { createRequire as __stdioFakeRequire } from 'node:module'; const require = __stdioFakeRequire(import.meta.url);" },
});
