import { describe, expect, it } from 'vitest';
import { capOutput, cutUtf8, failedOutcome, mapCallResult, unknownOutcome, unknownOutcomeText } from './result-mapping.js';

describe('mapCallResult', () => {
  it('keeps text blocks in order as a completed result', () => {
    expect(mapCallResult({ content: [{ type: 'text', text: 'one' }, { type: 'text', text: 'two' }] })).toEqual({
      status: 'completed',
      output: 'one\ntwo',
    });
  });

  it('marks images and audio as omitted and never passes their base64 on', () => {
    const out = mapCallResult({
      content: [
        { type: 'image', data: 'QUJDREVG', mimeType: 'image/png' },
        { type: 'audio', data: 'R0hJSktM', mimeType: 'audio/wav' },
      ],
    });
    expect(out.output).toBe('[image omitted: image/png]\n[audio omitted: audio/wav]');
    expect(out.output).not.toContain('QUJD');
  });

  it('labels embedded text resources with their uri and omits binary ones', () => {
    const out = mapCallResult({
      content: [
        { type: 'resource', resource: { uri: 'file:///a.txt', text: 'hello' } },
        { type: 'resource', resource: { uri: 'file:///b.bin', blob: 'AAAA' } },
      ],
    });
    expect(out.output).toBe('[resource file:///a.txt]\nhello\n[binary resource omitted: file:///b.bin]');
  });

  it('lists resource links without opening them', () => {
    const out = mapCallResult({ content: [{ type: 'resource_link', uri: 'file:///x', name: 'x' }] });
    expect(out.output).toBe('[resource link: x file:///x — not opened]');
  });

  it('uses structuredContent as JSON when there is no text', () => {
    expect(mapCallResult({ content: [], structuredContent: { n: 1 } })).toEqual({ status: 'completed', output: '{"n":1}' });
  });

  it('prefers text over structuredContent', () => {
    expect(mapCallResult({ content: [{ type: 'text', text: 't' }], structuredContent: { n: 1 } }).output).toBe('t');
  });

  it('marks unknown content types as omitted', () => {
    expect(mapCallResult({ content: [{ type: 'hologram' }] }).output).toBe('[content omitted: unsupported type hologram]');
  });

  it('makes isError a failed result with the server text', () => {
    expect(mapCallResult({ content: [{ type: 'text', text: 'disk full' }], isError: true })).toEqual({
      status: 'failed',
      output: 'disk full',
    });
  });

  it('reports a result that is not a tool result as failed', () => {
    expect(mapCallResult('nonsense').status).toBe('failed');
  });

  it('cuts output over 64 KiB to output_limit with a truncation marker', () => {
    const out = mapCallResult({ content: [{ type: 'text', text: 'z'.repeat(100_000) }] });
    expect(out.status).toBe('output_limit');
    expect(Buffer.byteLength(out.output)).toBeLessThanOrEqual(64 * 1024);
    expect(out.output.startsWith('zzzz')).toBe(true);
    expect(out.output).toMatch(/\[truncated: the result was 100000 bytes; only the first part within 64 KiB is shown\]$/);
  });

  it('keeps a failed result failed when it is cut', () => {
    expect(capOutput('failed', 'e'.repeat(70_000)).status).toBe('failed');
  });
});

describe('outcome texts', () => {
  it('passes the JSON-RPC error message on as failed', () => {
    expect(failedOutcome('bad params (code -32602)')).toEqual({
      status: 'failed',
      output: 'The MCP server returned an error: bad params (code -32602)',
    });
  });

  it('tells the model an unknown call may have run and must not be retried automatically', () => {
    const out = unknownOutcome('No answer within 30000 ms after sending');
    expect(out.status).toBe('unknown');
    expect(out.output).toContain(unknownOutcomeText());
    expect(unknownOutcomeText()).toMatch(/may have .*acted/);
    expect(unknownOutcomeText()).toMatch(/Do not retry this call automatically/);
  });
});

describe('cutUtf8', () => {
  it('never splits a multi-byte character', () => {
    expect(cutUtf8('aé€', 3)).toBe('aé');
    expect(cutUtf8('aé€', 4)).toBe('aé');
    expect(cutUtf8('aé€', 6)).toBe('aé€');
  });
});
