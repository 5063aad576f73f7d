// Bundles index.html's script (harness/report/html-client.ts) into dist/report-client.js,
// which the built CLI inlines into every HTML report. Runs after tsc (npm run build), with
// the same esbuild options the sources use when they bundle it on the fly.
import { writeFileSync } from 'node:fs';
import { bundleClient, CLIENT_BUNDLE } from '../dist/harness/report/html-script.js';

writeFileSync(CLIENT_BUNDLE, bundleClient());
