import { describe, expect, it } from 'vitest';
import { classifyCodexOutput, codexOutputText } from './classify-output.js';

// Outputs exactly as Codex 0.171.0 sent them (NOTES.md).
const header = { type: 'input_text', text: 'Wall time: 0.0309 seconds\nOutput:' };
const withText = (text: string) => [header, { type: 'input_text', text }];

describe('classifying Codex function_call_output', () => {
  it('reads a returned result as completed and keeps only the content text', () => {
    expect(classifyCodexOutput(withText('echo:hi'))).toBe('completed');
    expect(codexOutputText([header, { type: 'input_text', text: 'a' }, { type: 'input_text', text: 'b' }])).toBe('a\nb');
  });

  it('reads the structuredContent string form as completed', () => {
    expect(codexOutputText('Wall time: 0.0197 seconds\nOutput:\n{"x":1}')).toBe('{"x":1}');
    expect(classifyCodexOutput('Wall time: 0.0197 seconds\nOutput:\n{"x":1}')).toBe('completed');
  });

  it('reads a user refusal and a cancelled approval as denied', () => {
    expect(classifyCodexOutput(withText('user rejected MCP tool call'))).toBe('denied');
    expect(classifyCodexOutput(withText('user cancelled MCP tool call'))).toBe('denied');
  });

  it('reads timeouts, JSON-RPC errors and unknown tools as failed, never unknown', () => {
    expect(
      classifyCodexOutput(withText('tool call error: tool call failed for `fake/slow`\n\nCaused by:\n    timed out awaiting tools/call after 500ms')),
    ).toBe('failed');
    expect(classifyCodexOutput(withText('tool call error: tool call failed for `f/rpcerr`\n\nCaused by:\n    Mcp error: -32000: backend exploded'))).toBe(
      'failed',
    );
    expect(classifyCodexOutput('unsupported call: mcp__fakenosuch')).toBe('failed');
  });

  it('reads an isError result as completed, because Codex passes it on without a marker', () => {
    expect(classifyCodexOutput(withText('it failed'))).toBe('completed');
  });

  it('reads Codex truncation as output_limit', () => {
    expect(classifyCodexOutput(withText('0123…8 tokens truncated…6789'))).toBe('output_limit');
  });

  it('reads Codex truncation counted in characters as output_limit too', () => {
    expect(classifyCodexOutput(withText('0123…8 chars truncated…6789'))).toBe('output_limit');
  });

  it('reads the same text as every other classifier: an image item is marked, not an error', () => {
    const image = { type: 'input_image', image_url: 'data:image/png;base64,iVBORw0KGgo=' };
    expect(codexOutputText([header, { type: 'input_text', text: 'see' }, image])).toBe('see\n[image: image/png]');
    expect(classifyCodexOutput([header, image])).toBe('completed');
  });

  it('returns null for shapes that are not a Responses output (neither a string nor items)', () => {
    expect(classifyCodexOutput(42)).toBeNull();
    expect(classifyCodexOutput({ output: 'x' })).toBeNull();
  });
});
