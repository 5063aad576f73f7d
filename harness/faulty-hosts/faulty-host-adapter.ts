// A faulty host is the reference host's profile with the faulty entry as its program: the
// bundle of faulty-host-main.ts, which starts as refhost does (scripts/bundle-refhost.mjs).
import { join } from 'node:path';
import { createReferenceHostAdapter } from '../adapters/reference-host-adapter.js';
import type { HostAdapter } from '../adapters/host-adapter.js';
import { suiteRoot } from '../suite-root.js';

export const FAULTY_HOST_MAIN = join(suiteRoot(), 'dist', 'harness', 'faulty-hosts', 'faulty-host.mjs');

export function createFaultyHostAdapter(fault: string): HostAdapter {
  return createReferenceHostAdapter({
    name: `faulty:${fault}`,
    selector: `faulty:${fault}`,
    // Profile args are [refhost.js, chat, ...]: swap the program, keep the rest.
    wrapArgs: (args) => [FAULTY_HOST_MAIN, '--fault', fault, ...args.slice(1)],
  });
}
