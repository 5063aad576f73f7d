import { describe, expect, it } from 'vitest';
import { firstMatch, matchesGlob } from './glob.js';

describe('matchesGlob', () => {
  it.each([
    ['delete_*', 'delete_file', true],
    ['delete_*', 'undelete_file', false],
    ['*', '', true],
    ['notes://*', 'notes://a/b/c', true],
    ['notes://?', 'notes://ab', false],
    ['notes://?', 'notes://é', true],
    ['a.b', 'axb', false],
    ['(x)+', '(x)+', true],
    ['read', 'read_all', false],
    ['resolve-library-*', 'resolve-library-id', true],
    ['a[b]{2}|c\\d^$', 'a[b]{2}|c\\d^$', true],
  ])('%s against %s is %s (whole-string match, * spans "/")', (pattern, value, expected) => {
    expect(matchesGlob(pattern, value)).toBe(expected);
  });

  it('returns the first matching pattern', () => {
    expect(firstMatch(['x*', 'de*', 'd*'], 'delete')).toBe('de*');
    expect(firstMatch(['x*'], 'delete')).toBeUndefined();
  });
});
