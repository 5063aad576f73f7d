// `node scripts/train-code-cache.mjs BUNDLE ARG...` starts BUNDLE as its launcher would with
// ARG..., compiled without a cache, and at exit writes the code cache of everything that start
// compiled, for this node and its options (scripts/bundle-refhost.mjs runs it at build time).
import { compileBundle } from '../dist/bundle-runner.mjs';

const [bundle] = process.argv.splice(2, 1);
if (bundle === undefined) throw new Error('usage: train-code-cache.mjs BUNDLE ARG...');
const compiled = compileBundle(bundle, { useCache: false });
process.on('exit', () => compiled.saveCache());
compiled.run();
