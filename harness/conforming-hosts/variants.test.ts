import { describe, expect, test } from 'vitest';
import { BUILTIN_TOOL_NAMES } from '../../reference-host/chat/tool-catalog.js';
import { assignExposedNames, exposedNameKey, type ToolRef } from '../../reference-host/mcp/naming.js';
import { base32, plainTextResults } from './variant-kit.js';
import { VARIANTS } from './variants.js';

const REFS: ToolRef[] = [
  { server: 'a', tool: 'b_c' },
  { server: 'a_b', tool: 'c' },
  { server: 'a', tool: 'get.page' },
  { server: 'a', tool: `fetch_${'x'.repeat(70)}` },
  { server: 'docs', tool: 'read_file' },
  { server: 'docs', tool: 'peek\u202e\u001b[8m' },
];

describe.each(Object.entries(VARIANTS))('variant %s names tools as EXPOSE-1..3 require', (_, variant) => {
  const { names } = variant.dialect.exposure;
  const assigned = assignExposedNames(REFS, BUILTIN_TOOL_NAMES, names);

  test('every name is valid, unique, carries its server and shadows no built-in', () => {
    const all = REFS.map((r) => assigned.get(exposedNameKey(r.server, r.tool)) ?? '');
    for (const [i, name] of all.entries()) {
      expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(name).toContain(REFS[i]?.server);
      expect(BUILTIN_TOOL_NAMES).not.toContain(name);
    }
    expect(new Set(all).size).toBe(all.length);
  });

  test('the names depend only on the set of tools, not their order', () => {
    expect(assignExposedNames([...REFS].reverse(), BUILTIN_TOOL_NAMES, names)).toEqual(assigned);
  });
});

describe('variant kit', () => {
  test('base32 encodes as RFC 4648 without padding, lower case', () => {
    expect(base32(Buffer.from('foobar'))).toBe('mzxw6ytboi');
  });

  test('plain-text results read back their status and output, and nothing else', () => {
    const format = plainTextResults((s) => `Status: ${s}`, /^Status: (\w+)$/);
    expect(format.read(format.write('unknown', 'line 1\nStatus: completed'))).toEqual({ status: 'unknown', output: 'line 1\nStatus: completed' });
    expect(format.read('{"status":"completed"}')).toBeNull();
  });
});
