// A mutant host (issue 13) is the reference host's profile with a mutant bundle as its
// program: `node <bundle> chat ...` for the chat and `node <bundle> mcp add|list ...` for the
// host's own commands. The one place a mutant becomes a HostAdapter.
import { createReferenceHostAdapter } from '../adapters/reference-host-adapter.js';
import type { HostAdapter } from '../adapters/host-adapter.js';

export function createMutantHostAdapter(id: string, bundle: string): HostAdapter {
  return createReferenceHostAdapter({
    name: `mutant:${id}`,
    selector: `mutant:${id}`,
    // Profile and command args are [refhost.js, ...]: swap the program, keep the rest.
    wrapArgs: (args) => [bundle, ...args.slice(1)],
  });
}
