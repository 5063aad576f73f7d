// Bundles index.html's script (harness/report/html-client.ts) into <out>/report-client.js
// (out: the build's output folder, default dist), which the built CLI inlines into every HTML
// report. Runs after tsc (scripts/build.mjs), with the same esbuild options the sources use
// when they bundle it on the fly.
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const out = resolve(process.argv[2] ?? 'dist');
const { bundleClient } = await import(pathToFileURL(join(out, 'harness', 'report', 'html-script.js')).href);
writeFileSync(join(out, 'report-client.js'), bundleClient());
