import { describe, expect, it } from 'vitest';
import { configRedactor, makeRedactor } from './redact.js';

describe('redaction', () => {
  it('masks every configured credential value of every server', () => {
    const redact = configRedactor({
      mcpServers: {
        web: { url: 'https://example.com/mcp', headers: { 'x-api-key': 'sk-web-123' } },
        local: { command: 'srv', args: [], env: { TOKEN: 'tok-456' } },
      },
    });
    expect(redact('got sk-web-123 and tok-456 twice: tok-456')).toBe('got ******** and ******** twice: ********');
  });

  it('masks a value that contains another value as a whole', () => {
    expect(makeRedactor(['abc', 'abcdef'])('x abcdef y')).toBe('x ******** y');
  });

  it('ignores empty values', () => {
    expect(makeRedactor([''])('unchanged')).toBe('unchanged');
  });
});
