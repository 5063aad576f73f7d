#!/usr/bin/env node
// The bundled build (scripts/bundle-refhost.mjs) starts in half the time of the module tree.
import '../dist/refhost.mjs';
