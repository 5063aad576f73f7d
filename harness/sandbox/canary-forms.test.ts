import { spawnSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { CanaryMatcher, RANDOM_LENGTH, SPECIALS, WINDOW, randomPart, type CanaryForm } from './canary-forms.js';
import { CanaryRegistry } from './canaries.js';

const value = (): string => new CanaryRegistry().mint('server "docs" header Authorization', []).value;
const formsIn = (values: string[], text: string): [CanaryForm, boolean][] => new CanaryMatcher(values).find(text).map((h) => [h.form, h.whole]);
const b64 = (s: string): string => Buffer.from(s).toString('base64');
const json = (s: string): string => JSON.stringify(s).slice(1, -1);

describe('canary values', () => {
  test('every random part holds each special character, never at either end', () => {
    for (let i = 0; i < 50; i++) {
      const part = randomPart();
      expect(part).toHaveLength(RANDOM_LENGTH);
      for (const special of SPECIALS) expect(part).toContain(special);
      expect(part[0]).toMatch(/[A-Za-z0-9]/);
      expect(part.at(-1)).toMatch(/[A-Za-z0-9]/);
    }
  });

  test('a value is a valid HTTP header value and survives an environment and a shell-free argv unchanged', () => {
    const v = value();
    expect(new Headers({ authorization: `Bearer ${v}` }).get('authorization')).toBe(`Bearer ${v}`);
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(JSON.stringify([process.argv[1], process.env.V]))', v], {
      env: { V: v },
      encoding: 'utf8',
    });
    expect(JSON.parse(child.stdout)).toEqual([v, v]);
  });
});

/** A fresh value whose base64url encoding after a 6-byte prefix differs from base64's ('-' or '_' in it), so the two forms can be told apart. */
function urlDistinctValue(): string {
  for (;;) {
    const v = value();
    if (
      /[-_]/.test(
        Buffer.from(`012345${v}`)
          .toString('base64url')
          .slice(8, 8 + 4 * Math.floor(v.length / 3)),
      )
    )
      return v;
  }
}

describe('every form a leaked value takes is found, and named', () => {
  const v = urlDistinctValue();
  const cases: [CanaryForm, string][] = [
    ['raw', `token=${v};`],
    ['json', JSON.stringify({ headers: { authorization: v } })],
    ['json2', JSON.stringify({ output: JSON.stringify({ authorization: v }) })],
    ['json3', JSON.stringify({ input: [{ output: JSON.stringify({ status: 'completed', output: JSON.stringify({ headers: { authorization: v } }) }) }] })],
    ['json4', JSON.stringify({ a: JSON.stringify({ b: JSON.stringify({ c: JSON.stringify({ d: v }) }) }) })],
    ['percent', `https://example.invalid/cb?token=${encodeURIComponent(v)}&x=1`],
    ['form', new URLSearchParams({ grant_type: 'x', secret: v }).toString()],
    ['hex', `dump ${Buffer.from(v).toString('hex')} end`],
    ['HEX', `dump ${Buffer.from(v).toString('hex').toUpperCase()} end`],
    ['base64', `Authorization: Basic ${b64(`user:${v}`)}`],
    ['base64url', `jwt.${Buffer.from(`{"k":"${v}"}`).toString('base64url')}.sig`],
  ];
  for (const [form, text] of cases) {
    test(`${form}: found whole, and the raw value is not in the text`, () => {
      if (form !== 'raw') expect(text).not.toContain(v);
      expect(formsIn([v], text)).toContainEqual([form, true]);
    });
  }

  test('base64 is found at each of the three byte alignments', () => {
    for (const pad of ['', 'a', 'ab', 'abc', 'user:']) expect(formsIn([v], b64(pad + v))).toEqual([['base64', true]]);
  });

  test('text without the value has no hit', () => {
    expect(formsIn([v], `${'x'.repeat(10_000)} Bearer ${value()}`)).toEqual([]);
  });
});

describe('a part of the value', () => {
  const v = value();
  const secret = v.slice(-RANDOM_LENGTH);

  test(`any ${WINDOW} consecutive characters of the random part are a sighting, in any form`, () => {
    for (let at = 0; at + WINDOW <= RANDOM_LENGTH; at++) {
      const part = secret.slice(at, at + WINDOW);
      expect(formsIn([v], `log: ${part} end`)).toEqual([['raw', false]]);
      expect(formsIn([v], `x${b64(`xy${part}z`)}`)).toContainEqual(['base64', false]);
      expect(formsIn([v], `{"body":"${json(json(part))}"}`)).not.toEqual([]);
    }
  });

  test(`${WINDOW - 1} characters, or a short hint like "cnry-…${secret.slice(-4)}", are not`, () => {
    expect(formsIn([v], `${secret.slice(0, WINDOW - 1)}|${secret.slice(1, WINDOW)}`)).toEqual([]);
    expect(formsIn([v], `Authorization: cnry-…${secret.slice(-4)}`)).toEqual([]);
  });

  test('a JSON-escaped window is reported once, not also as the raw text it partly equals', () => {
    expect(formsIn([v], JSON.stringify({ authorization: v }))).toEqual([['json', true]]);
  });

  test('several canaries in one text are each found', () => {
    const w = value();
    const hits = new CanaryMatcher([v, w]).find(`${encodeURIComponent(w)} and ${json(v)}`);
    expect(hits.map((h) => [h.canary, h.form])).toEqual(
      expect.arrayContaining([
        [0, 'json'],
        [1, 'percent'],
      ]),
    );
  });
});
