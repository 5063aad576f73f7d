import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { guaranteeById } from '../catalogue/guarantees.js';
import { suiteRoot } from '../suite-root.js';
import { applyMutant, brokenGuarantee, buildMutant, MutantError, type Mutant } from './mutant-build.js';
import { MUTANTS } from './mutants.js';

const cache = mkdtempSync(join(tmpdir(), 'mhc-mutant-build-'));
afterAll(() => rmSync(cache, { recursive: true, force: true }));

const mutant = (over: Partial<Mutant>): Mutant => ({
  id: 'approve-answer-starts-with-y',
  file: 'ui/confirmation.ts',
  find: "return normalised === 'y' || normalised === 'yes';",
  replace: "return normalised.startsWith('y');",
  breaks: 'APPROVE-3: answers starting with y approve',
  ...over,
});

describe('building a source mutant of refhost', () => {
  test('a mutant whose find text is not in its file is refused, naming the mutant', async () => {
    await expect(buildMutant(mutant({ id: 'no-such-text', find: 'return normalised === "maybe";' }), cache)).rejects.toThrow(
      /mutant no-such-text: its find text occurs 0 times in reference-host\/ui\/confirmation.ts/,
    );
  });

  test('a mutant whose find text occurs more than once is refused, naming the mutant', async () => {
    await expect(buildMutant(mutant({ id: 'ambiguous-text', find: 'normalised' }), cache)).rejects.toThrow(MutantError);
    await expect(buildMutant(mutant({ id: 'ambiguous-text', find: 'normalised' }), cache)).rejects.toThrow(
      /mutant ambiguous-text: its find text occurs \d+ times/,
    );
  });

  test('a mutant of a file that does not exist is refused', async () => {
    await expect(buildMutant(mutant({ id: 'no-file', file: 'ui/nothing-here.ts' }), cache)).rejects.toThrow(
      /mutant no-file: no file reference-host\/ui\/nothing-here.ts/,
    );
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

  test('a mutant of a file no listed mutant changes is built with its replacement too', async () => {
    const unlisted = mutant({ id: 'unlisted-file', file: 'cli/version.ts', find: "return 'unknown';", replace: "return 'mutated';" });
    expect(MUTANTS.some((m) => m.file === unlisted.file)).toBe(false);
    expect(readFileSync(await buildMutant(unlisted, cache), 'utf8')).toContain('return "mutated";');
  }, 60_000);

  test('a different replacement gets a different bundle', async () => {
    const a = await buildMutant(mutant({}), cache);
    const b = await buildMutant(mutant({ replace: "return normalised.includes('y');" }), cache);
    expect(b).not.toBe(a);
  }, 60_000);
});

describe('the mutant list', () => {
  test('every mutant applies to its file exactly once and changes it', () => {
    for (const m of MUTANTS) {
      const text = readFileSync(join(suiteRoot(), 'reference-host', m.file), 'utf8');
      expect(applyMutant(m, text), m.id).not.toBe(text);
    }
  });

  test('every mutant names one guarantee of the catalogue', () => {
    const unknown = MUTANTS.filter((m) => guaranteeById(brokenGuarantee(m)) === undefined).map((m) => m.id);
    expect(unknown).toEqual([]);
  });

  test('there are at least 150 mutants', () => {
    expect(MUTANTS.length).toBeGreaterThanOrEqual(150);
  });
});
