// Bundles each known-answer host (harness/known-answer-hosts/<name>/main.ts, compiled by tsc)
// into one file, dist/harness/known-answer-hosts/<name>/host.mjs, the script its profile starts,
// as such hosts ship (one file, their dependencies inside). Why: resolving and loading the
// hundreds of small modules of their SDKs (MCP, openai, @anthropic-ai/sdk, @google/genai,
// LangChain, ACP) cost 0.2 to 0.7 CPU-s per start, a bundle 0.1 to 0.2, and the known-answer
// self-test starts them about 600 times. Runs after tsc (scripts/build.mjs), from its output
// folder (argument, default dist), so a bundle is exactly the checked code.
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const out = process.argv[2] ?? 'dist';
const root = join(out, 'harness', 'known-answer-hosts');
const hosts = readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory() && existsSync(join(root, e.name, 'main.js')));

await Promise.all(
  hosts.map((host) =>
    build({
      entryPoints: [join(root, host.name, 'main.js')],
      outfile: join(root, host.name, 'host.mjs'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'warning',
      // CommonJS dependencies inside an ES module bundle still call require().
      banner: { js: "import { createRequire as __hostRequire } from 'node:module'; const require = __hostRequire(import.meta.url);" },
    }),
  ),
);
