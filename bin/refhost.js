#!/usr/bin/env node
// Starts the bundled build (scripts/bundle-refhost.mjs): one file, from V8's code cache, in
// about a third of the CPU of the module tree.
import '../dist/refhost.mjs';
