import { describe, expect, test } from 'vitest';
import { builtinTerminalProfile, builtinTerminalProfileNames, resolveHost } from './resolve-host.js';

describe('--host names', () => {
  test("a built-in terminal profile (harness/profiles/<name>.json) is selected by its name; the reference host's is 'reference'", () => {
    expect(builtinTerminalProfileNames()).toContain('claude-code');
    expect(builtinTerminalProfileNames()).not.toContain('reference-host');
    expect(builtinTerminalProfile('nope')).toBeNull();
    const adapter = resolveHost('claude-code');
    expect(adapter.name).toBe('claude-code');
    expect(adapter.selector).toBe('claude-code');
  });
});
