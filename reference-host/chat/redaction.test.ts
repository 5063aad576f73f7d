import { describe, expect, it } from 'vitest';
import { createRedactor } from './redaction.js';

describe('createRedactor', () => {
  it('masks every secret value and the token of a "Scheme token" header value', () => {
    const redact = createRedactor(['Bearer tok-123456', 'sk-test-key']);
    expect(redact('a tok-123456 b sk-test-key c Bearer tok-123456')).toBe('a ******** b ******** c ********');
  });

  it('masks the whole token after the scheme when the token itself holds a space', () => {
    const redact = createRedactor(['Bearer tok-12 3456']);
    expect(redact('echo tok-12 3456.')).toBe('echo ********.');
  });

  it('masks a value that holds quotes or backslashes also where it is JSON-escaped', () => {
    const redact = createRedactor(['Bearer to"k\\en']);
    expect(redact(JSON.stringify({ output: 'echo to"k\\en' }))).toBe('{"output":"echo ********"}');
  });

  it('leaves text alone when there are no secrets and ignores values too short to mask', () => {
    expect(createRedactor([])('abc')).toBe('abc');
    expect(createRedactor(['ab'])('abc')).toBe('abc');
  });
});
