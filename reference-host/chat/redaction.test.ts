import { describe, expect, it } from 'vitest';
import { createRedactor } from './redaction.js';

describe('createRedactor', () => {
  it('masks every secret value and the token of a "Scheme token" header value', () => {
    const redact = createRedactor(['Bearer tok-123456', 'sk-test-key']);
    expect(redact('a tok-123456 b sk-test-key c Bearer tok-123456')).toBe('a ******** b ******** c ********');
  });

  it('leaves text alone when there are no secrets and ignores values too short to mask', () => {
    expect(createRedactor([])('abc')).toBe('abc');
    expect(createRedactor(['ab'])('abc')).toBe('abc');
  });
});
