import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignExposedNames, exposedNameKey, isValidExposedName } from './naming.js';

const BUILTINS = ['bash', 'read_file', 'mcp_a_b'];
const serverArb = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/);
const toolArb = fc.oneof(fc.string({ minLength: 1, maxLength: 80 }), fc.stringMatching(/^[a-z_]{1,12}$/));
// Small alphabets on purpose: they make contested names (a + b_c vs a_b + c) common.
const clashingArb = fc.record({ server: fc.constantFrom('a', 'a_b', 's'), tool: fc.stringMatching(/^[bc_.]{1,4}$/) });
const refsArb = fc.array(fc.oneof(fc.record({ server: serverArb, tool: toolArb }), clashingArb), { maxLength: 30 });
const permutedArb = refsArb.chain((refs) =>
  fc.tuple(fc.constant(refs), fc.shuffledSubarray(refs, { minLength: refs.length, maxLength: refs.length })),
);

describe('assignExposedNames', () => {
  it('gives mcp_<server>_<tool> when that name is valid and uncontested', () => {
    const names = assignExposedNames([{ server: 'files', tool: 'search' }, { server: 'web', tool: 'search' }], BUILTINS);
    expect(names.get(exposedNameKey('files', 'search'))).toBe('mcp_files_search');
    expect(names.get(exposedNameKey('web', 'search'))).toBe('mcp_web_search');
  });

  it('suffixes a name with invalid characters with 8 hex chars instead of guessing a look-alike', () => {
    const name = assignExposedNames([{ server: 's', tool: 'read.file' }], []).get(exposedNameKey('s', 'read.file'));
    expect(name).toMatch(/^mcp_s_read_file_[0-9a-f]{8}$/);
  });

  it('suffixes every claimant of a contested name, whatever the order', () => {
    const refs = [{ server: 'a', tool: 'b_c' }, { server: 'a_b', tool: 'c' }];
    const forward = assignExposedNames(refs, []);
    const backward = assignExposedNames([...refs].reverse(), []);
    expect(forward).toEqual(backward);
    for (const name of forward.values()) expect(name).toMatch(/^mcp_a_b_c_[0-9a-f]{8}$/);
  });

  it('never lets an MCP tool take a built-in name', () => {
    const name = assignExposedNames([{ server: 'a', tool: 'b' }], BUILTINS).get(exposedNameKey('a', 'b'));
    expect(name).not.toBe('mcp_a_b');
    expect(name).toMatch(/^mcp_a_b_[0-9a-f]{8}$/);
  });

  it('cuts an over-long name so that the suffixed name is exactly 64 characters', () => {
    const tool = 'x'.repeat(100);
    const name = assignExposedNames([{ server: 's', tool }], []).get(exposedNameKey('s', tool)) ?? '';
    expect(name).toHaveLength(64);
    expect(isValidExposedName(name)).toBe(true);
  });

  it('always gives valid, unique, non-built-in names (property)', () => {
    fc.assert(
      fc.property(refsArb, (refs) => {
        const names = [...assignExposedNames(refs, BUILTINS).values()];
        expect(names.every(isValidExposedName)).toBe(true);
        expect(new Set(names).size).toBe(names.length);
        expect(names.some((n) => BUILTINS.includes(n))).toBe(false);
      }),
    );
  });

  it('is deterministic and independent of discovery order (property)', () => {
    fc.assert(
      fc.property(permutedArb, ([refs, permuted]) => {
        const sorted = (m: Map<string, string>): [string, string][] => [...m].sort(([a], [b]) => (a < b ? -1 : 1));
        expect(sorted(assignExposedNames(permuted, BUILTINS))).toEqual(sorted(assignExposedNames(refs, BUILTINS)));
      }),
    );
  });
});
