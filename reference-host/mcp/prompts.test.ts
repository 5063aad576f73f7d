import { describe, expect, it } from 'vitest';
import { mapPromptResult } from './prompts.js';

describe('mapPromptResult', () => {
  it('reduces each message to text like a tool result, never keeping base64', () => {
    const outcome = mapPromptResult({
      messages: [
        { role: 'user', content: { type: 'text', text: 'Summarise this.' } },
        { role: 'assistant', content: { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' } },
      ],
    });
    expect(outcome).toEqual({ ok: true, messages: [{ role: 'user', text: 'Summarise this.' }, { role: 'assistant', text: '[image omitted: image/png]' }] });
  });

  it('refuses a prompt over 64 KiB and an answer that is not a prompt', () => {
    const big = { role: 'user', content: { type: 'text', text: 'x'.repeat(40_000) } };
    expect(mapPromptResult({ messages: [big, big] })).toEqual({ ok: false, error: 'The prompt is larger than 64 KiB; it was not used.' });
    expect(mapPromptResult({ messages: [{ role: 'system', content: {} }] }).ok).toBe(false);
  });
});
