import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { guaranteeById } from '../catalogue/guarantees.js';
import { loadAnswerKey } from '../known-answer-hosts/answer-key.js';
import { KNOWN_ANSWER_DIR } from '../known-answer-hosts/known-answer-hosts.js';
import { suiteRoot } from '../suite-root.js';
import { applyMutant, brokenGuarantee, buildMutant, MutantError, seamFile, type Mutant } from './mutant-build.js';
import { KNOWN_ANSWER_MUTANTS, MUTANTS } from './mutants.js';
import { seamIndex, seamRegion } from './seams.js';

const cache = mkdtempSync(join(tmpdir(), 'mhc-mutant-build-'));
afterAll(() => rmSync(cache, { recursive: true, force: true }));

const mutant = (over: Partial<Mutant>): Mutant => ({
  id: 'approve-answer-starts-with-y',
  seam: 'isYes',
  find: "return normalised === 'y' || normalised === 'yes';",
  replace: "return normalised.startsWith('y');",
  breaks: 'APPROVE-3: answers starting with y approve',
  ...over,
});

describe('building a source mutant of refhost', () => {
  test('a mutant whose find text is not in its seam is refused, naming the mutant and the seam', async () => {
    await expect(buildMutant(mutant({ id: 'no-such-text', find: 'return normalised === "maybe";' }), cache)).rejects.toThrow(
      /mutant no-such-text: its find text occurs 0 times in seam isYes/,
    );
  });

  test("text of the same file outside the seam is not the seam's: a find there is refused", async () => {
    const outside = "export const APPROVE_PROMPT = 'Approve this operation? [y/N] ';";
    expect(readFileSync(seamFile({ seam: 'isYes' }), 'utf8')).toContain(outside);
    await expect(buildMutant(mutant({ id: 'outside-the-seam', find: outside }), cache)).rejects.toThrow(/occurs 0 times in seam isYes/);
  });

  test('a mutant whose find text occurs more than once in its seam is refused, naming the mutant', async () => {
    await expect(buildMutant(mutant({ id: 'ambiguous-text', find: 'normalised' }), cache)).rejects.toThrow(MutantError);
    await expect(buildMutant(mutant({ id: 'ambiguous-text', find: 'normalised' }), cache)).rejects.toThrow(
      /mutant ambiguous-text: its find text occurs \d+ times in seam isYes/,
    );
  });

  test('a mutant of a seam no line marks, or of a host there is not, is refused', async () => {
    await expect(buildMutant(mutant({ id: 'no-seam', seam: 'noSuchSeam' }), cache)).rejects.toThrow(/no seam noSuchSeam is marked in reference-host/);
    await expect(buildMutant(mutant({ id: 'no-host', host: 'no-such-host' }), cache)).rejects.toThrow(/no known-answer host no-such-host/);
  });

  test('a built mutant carries its replacement where the unmutated build carries the original', async () => {
    const plain = readFileSync(await buildMutant(null, cache), 'utf8');
    const mutated = readFileSync(await buildMutant(mutant({}), cache), 'utf8');
    expect(plain).toContain('normalised === "y" || normalised === "yes"');
    expect(mutated).not.toContain('normalised === "y" || normalised === "yes"');
    expect(mutated).toContain('normalised.startsWith("y")');
  }, 60_000);

  test('an unchanged mutant is taken from the cache, not rebuilt', async () => {
    const first = await buildMutant(mutant({}), cache);
    const before = statSync(first).mtimeMs;
    const second = await buildMutant(mutant({}), cache);
    expect(second).toBe(first);
    expect(statSync(second).mtimeMs).toBe(before);
  }, 60_000);

  test('a different replacement gets a different bundle', async () => {
    const a = await buildMutant(mutant({}), cache);
    const b = await buildMutant(mutant({ replace: "return normalised.includes('y');" }), cache);
    expect(b).not.toBe(a);
  }, 60_000);
});

describe('the mutant list', () => {
  test('every mutant applies inside its seam exactly once and changes it', () => {
    for (const m of [...MUTANTS, ...KNOWN_ANSWER_MUTANTS]) {
      const text = readFileSync(seamFile(m), 'utf8');
      expect(applyMutant(m, text), m.id).not.toBe(text);
    }
  });

  test('every seam marked in refhost or a known-answer host is one some mutant changes', () => {
    const used = (list: readonly Mutant[]) => new Set(list.map((m) => m.seam));
    expect([...seamIndex(join(suiteRoot(), 'reference-host')).keys()].filter((seam) => !used(MUTANTS).has(seam))).toEqual([]);
    for (const host of new Set(KNOWN_ANSWER_MUTANTS.map((m) => m.host))) {
      const mine = used(KNOWN_ANSWER_MUTANTS.filter((m) => m.host === host));
      expect(
        [...seamIndex(join(KNOWN_ANSWER_DIR, host!)).keys()].filter((seam) => !mine.has(seam)),
        host,
      ).toEqual([]);
    }
  });

  test('every mutant names one guarantee of the catalogue', () => {
    const unknown = [...MUTANTS, ...KNOWN_ANSWER_MUTANTS].filter((m) => guaranteeById(brokenGuarantee(m)) === undefined).map((m) => m.id);
    expect(unknown).toEqual([]);
  });

  test('refhost mutants have no host; each known-answer mutant breaks a guarantee its host upholds by its answer key', () => {
    expect(MUTANTS.filter((m) => m.host !== undefined).map((m) => m.id)).toEqual([]);
    const notUpheld = KNOWN_ANSWER_MUTANTS.filter((m) => {
      const key = loadAnswerKey(join(KNOWN_ANSWER_DIR, m.host!, 'answer-key.json'));
      return key.guarantees[brokenGuarantee(m)]?.expect !== 'upholds';
    }).map((m) => m.id);
    expect(notUpheld).toEqual([]);
  });

  test('there are at least 150 mutants of refhost', () => {
    expect(MUTANTS.length).toBeGreaterThanOrEqual(150);
  });
});

describe('named seams of refhost', () => {
  const text = [
    'export const A = 1;',
    '// seam: B',
    "/** B's doc. */",
    'export function b(): number {',
    '  return A + 1;',
    '}',
    'export class C {',
    '  first = 0;',
    '  // seam: C.second',
    '  second(): number {',
    '    return this.first;',
    '  }',
    '  third(): number {',
    '    return 3;',
    '  }',
    '}',
    'export const D = 4;',
  ].join('\n');
  const region = (name: string): string | undefined => {
    const r = seamRegion(text, name);
    return r && text.slice(r.start, r.end);
  };

  test('a seam is the declaration after its marker, its doc comment included, and nothing after it', () => {
    expect(region('B')).toBe("/** B's doc. */\nexport function b(): number {\n  return A + 1;\n}");
  });

  test('a seam before a class member is that member alone', () => {
    expect(region('C.second')).toBe('  second(): number {\n    return this.first;\n  }');
  });

  test('a name no line marks has no region', () => {
    expect(region('D')).toBeUndefined();
  });

  test('a seam marked in two files is refused, naming both', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mhc-seams-'));
    try {
      mkdirSync(join(dir, 'x'));
      writeFileSync(join(dir, 'a.ts'), '// seam: same\nexport const a = 1;\n');
      writeFileSync(join(dir, 'x', 'b.ts'), '// seam: same\nexport const b = 2;\n');
      expect(() => seamIndex(dir)).toThrow(/seam same is marked twice: a.ts and x\/b.ts/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
