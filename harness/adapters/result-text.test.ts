import { describe, expect, it } from 'vitest';
import { resultText, withErrorFlag } from './result-text.js';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAAB';

describe('the text the model got, per model API', () => {
  it('Responses: a string output is its text as it is', () => {
    expect(resultText('{"status":"completed","output":"hi"}')).toBe('{"status":"completed","output":"hi"}');
  });

  it('Responses: input_text items joined by newlines, an input_image as its media type (no base64)', () => {
    const output = [
      { type: 'input_text', text: 'alpha' },
      { type: 'input_image', image_url: `data:image/png;base64,${PNG}` },
      { type: 'input_text', text: 'omega' },
    ];
    expect(resultText(output)).toBe('alpha\n[image: image/png]\nomega');
    expect(resultText([{ type: 'input_image', file_id: 'file-1' }])).toBe('[image: unknown type]');
    expect(resultText([{ type: 'input_file', filename: 'report.pdf', file_data: 'JVBERi0=' }])).toBe('[file: report.pdf]');
  });

  it('Chat Completions: a tool message string, or its text parts joined', () => {
    expect(resultText('outcome: completed')).toBe('outcome: completed');
    expect(
      resultText([
        { type: 'text', text: 'outcome: completed' },
        { type: 'text', text: 'found 2 pages' },
      ]),
    ).toBe('outcome: completed\nfound 2 pages');
    expect(resultText([{ type: 'image_url', image_url: { url: `data:image/jpeg;base64,${PNG}` } }])).toBe('[image: image/jpeg]');
  });

  it('Anthropic: a tool_result string, or its content blocks: text joined, an image by its media type, a document by its text or type', () => {
    expect(resultText('User refused permission to run tool')).toBe('User refused permission to run tool');
    const content = [
      { type: 'text', text: 'found' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
    ];
    expect(resultText(content)).toBe('found\n[image: image/png]');
    expect(resultText([{ type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'doc text' } }])).toBe('doc text');
    expect(resultText([{ type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' } }])).toBe('[document: application/pdf]');
    expect(resultText([])).toBe('');
  });

  it('Gemini: a response object by its output, error or result text', () => {
    expect(resultText({ output: '<untrusted_context>\nfound\n</untrusted_context>' })).toBe('<untrusted_context>\nfound\n</untrusted_context>');
    expect(resultText({ error: 'Tool "mcp_docs_search" was canceled by the user.' })).toBe('Tool "mcp_docs_search" was canceled by the user.');
    expect(resultText({ result: 'outcome: completed' })).toBe('outcome: completed');
    // A failure beside an (empty) output is read by its failure.
    expect(resultText({ output: '', error: 'boom' })).toBe('boom');
  });

  it('Gemini: an MCP CallToolResult as the response (the Google GenAI SDK) is read by its content, also inside error', () => {
    expect(
      resultText({
        content: [
          { type: 'text', text: 'found' },
          { type: 'image', data: PNG, mimeType: 'image/png' },
        ],
      }),
    ).toBe('found\n[image: image/png]');
    expect(resultText({ error: { content: [{ type: 'text', text: 'backend exploded' }], isError: true } })).toBe('backend exploded');
  });

  it('Gemini: any other response object is its JSON; a structured output value too', () => {
    expect(resultText({ status: 'completed', items: [1, 2] })).toBe('{"status":"completed","items":[1,2]}');
    expect(resultText({ output: { answer: 42 } })).toBe('{"answer":42}');
  });

  it('MCP content kinds a host may pass through: audio, embedded resources and links are marked, never their bytes', () => {
    const parts = [
      { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
      { type: 'resource', resource: { uri: 'notes://a', text: 'resource text' } },
      { type: 'resource', resource: { uri: 'notes://b', blob: 'AAAA', mimeType: 'application/octet-stream' } },
      { type: 'resource_link', uri: 'notes://release/42', name: 'r' },
    ];
    expect(resultText(parts)).toBe('[audio: audio/wav]\nresource text\n[resource: notes://b]\n[resource link: notes://release/42]');
  });

  it('a host that writes the mark itself keeps its own words: "[image: image/png]" in text is text', () => {
    expect(resultText([{ type: 'text', text: '[image: image/png]' }])).toBe('[image: image/png]');
  });

  it('unknown parts are kept as their JSON, so nothing the model got is lost', () => {
    expect(resultText([{ type: 'thinking', thinking: 'x' }])).toBe('{"type":"thinking","thinking":"x"}');
    expect(resultText(null)).toBe('null');
    expect(resultText(undefined)).toBe('');
  });
});

describe("the model API's error flag", () => {
  it('is_error true is failed where the words say nothing or only completed', () => {
    expect(withErrorFlag(null, true)).toBe('failed');
    expect(withErrorFlag('completed', true)).toBe('failed');
    expect(withErrorFlag('failed', true)).toBe('failed');
  });

  it('is_error true keeps what the words say when they say denied, unknown or output_limit', () => {
    expect(withErrorFlag('denied', true)).toBe('denied');
    expect(withErrorFlag('unknown', true)).toBe('unknown');
    expect(withErrorFlag('output_limit', true)).toBe('output_limit');
  });

  it('without the flag, or with it false, the words alone decide: unreadable stays unreadable', () => {
    expect(withErrorFlag(null, false)).toBeNull();
    expect(withErrorFlag(null, undefined)).toBeNull();
    expect(withErrorFlag('denied', false)).toBe('denied');
  });

  it('a profile may say what a flagged result is instead of failed', () => {
    expect(withErrorFlag(null, true, 'unknown')).toBe('unknown');
  });
});
