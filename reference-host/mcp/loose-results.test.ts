import { describe, expect, it } from 'vitest';
import { looseDecode } from './loose-results.js';

const strict = { era: '2026-07-28', decodeResult: (_method: string, _raw: unknown) => ({ kind: 'invalid', why: 'wire schema' }) };

describe('looseDecode', () => {
  it('passes a complete result on unchecked, without its resultType', () => {
    const raw = { resultType: 'complete', content: [{ type: 'hologram' }] };
    expect(looseDecode(strict, 'tools/call', raw)).toEqual({ kind: 'complete', result: { content: [{ type: 'hologram' }] } });
  });

  it('takes a result without resultType for a complete one', () => {
    expect(looseDecode(strict, 'tools/call', { content: [] })).toEqual({ kind: 'complete', result: { content: [] } });
  });

  it('leaves input_required, unknown result types and non-objects to the codec', () => {
    for (const raw of [{ resultType: 'input_required', inputRequests: {} }, { resultType: 'later' }, 'text']) {
      expect(looseDecode(strict, 'tools/call', raw)).toEqual({ kind: 'invalid', why: 'wire schema' });
    }
  });
});
