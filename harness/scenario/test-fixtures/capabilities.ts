// A host with every capability, for tests that take abilities away one at a time.
import type { HostCapabilities } from '../../adapters/host-adapter.js';

export const EVERY_CAPABILITY: HostCapabilities = {
  unsupported: [],
  knobs: { callTimeoutMs: true, connectTimeoutMs: true },
  quit: true,
  unknownGate: true,
  ownScreen: true,
  builtins: { names: ['read_file'], readFile: { tool: 'read_file', pathArgument: 'path' } },
  resume: { legacy: { place: () => undefined } as never },
  commands: { add: {} as never, list: {} as never },
  prompts: { line: () => '/prompt', listLine: '/prompts' },
};
