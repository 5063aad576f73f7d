// `node scripts/train-code-cache.mjs RUNNER BUNDLE ARG...` starts BUNDLE as its launcher would
// with ARG..., compiled by RUNNER (the built bundle-runner.mjs) without a cache, and at exit
// writes the code cache of everything that start compiled, for this node and its options
// (scripts/bundle-refhost.mjs runs it at build time).
import { pathToFileURL } from 'node:url';

const [runner, bundle] = process.argv.splice(2, 2);
if (runner === undefined || bundle === undefined) throw new Error('usage: train-code-cache.mjs RUNNER BUNDLE ARG...');
const { compileBundle } = await import(pathToFileURL(runner).href);
const compiled = compileBundle(bundle, { useCache: false });
process.on('exit', () => compiled.saveCache());
compiled.run();
