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

  it('masks the token of a "Scheme token" value and each value as it reads in JSON text, quoted once or twice', () => {
    const redact = makeRedactor(['Bearer t"k\\1']);
    expect(redact('echo t"k\\1')).toBe('echo ********');
    const schema = JSON.stringify({ description: 'sent with t"k\\1' });
    expect(redact(schema)).toBe('{"description":"sent with ********"}');
    expect(redact(JSON.stringify(schema))).not.toContain('k\\');
  });

  it('ignores empty values and forms too short to mask without garbling text (a one-character token after a space)', () => {
    expect(makeRedactor([''])('unchanged')).toBe('unchanged');
    expect(makeRedactor(['cnry-7Qx e'])('redirect refused; cnry-7Qx e')).toBe('redirect refused; ********');
  });
});
