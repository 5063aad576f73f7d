import { chmodSync, mkdirSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { textBeforePrompt } from '../adapters/screen-capture.js';
import { createSandbox, type Sandbox } from '../sandbox/sandbox.js';
import { mockModels } from '../../fake-servers/model/test-fixtures/mock-models.js';
import { classifyWithProfile } from '../adapters/profile-adapter.js';
import { collectFiles, collectToolOutputs, startupSeen, unavailableLines } from './collect.js';

describe('host files', () => {
  let sandbox: Sandbox | undefined;
  afterEach(() => sandbox?.cleanup());

  test('are read even when the host locked them, with the mode they had', () => {
    sandbox = createSandbox('collect');
    const dir = join(sandbox.home, 'hidden');
    mkdirSync(dir);
    writeFileSync(join(dir, 'leak.txt'), 'canary-in-a-locked-file');
    chmodSync(join(dir, 'leak.txt'), 0o000);
    chmodSync(dir, 0o000);
    expect(collectFiles(sandbox)).toEqual([{ path: '$HOME/hidden/leak.txt', mode: 0o000, size: 23, content: 'canary-in-a-locked-file' }]);
  });

  test('are read only up to the content cap, however large', () => {
    sandbox = createSandbox('collect');
    const huge = join(sandbox.tmp, 'huge');
    writeFileSync(huge, 'head');
    truncateSync(huge, 4 * 1024 * 1024 * 1024);
    const [file] = collectFiles(sandbox);
    expect([file?.size, file?.content.length]).toEqual([4 * 1024 * 1024 * 1024, 256 * 1024]);
    expect(file?.content.startsWith('head')).toBe(true);
  });
});

describe('start-up notices', () => {
  const screen =
    'MCP server docs: 2 tools from http://x\nMCP server docs: tool a has instruction-like text\nMCP server docs: tool b changed\nYou> hello\nflagged later has instruction-like text\n';

  test('only the text before the first prompt is start-up text', () => {
    expect(textBeforePrompt(screen, /^You> /)).not.toContain('flagged later');
    expect(textBeforePrompt('no prompt yet', /^You> /)).toBe('no prompt yet');
  });

  test('flag lines are the start-up lines matching each pattern', () => {
    const seen = startupSeen(textBeforePrompt(screen, /^You> /), { instructionLike: /instruction-like/, changedDefinition: /changed$/ });
    expect(seen.instructionFlags).toEqual(['MCP server docs: tool a has instruction-like text']);
    expect(seen.changedFlags).toEqual(['MCP server docs: tool b changed']);
  });

  test('a host without flag patterns flags nothing', () => {
    expect(startupSeen(screen, {})).toMatchObject({ instructionFlags: [], changedFlags: [] });
  });
});

describe('unavailable status lines', () => {
  const lines = [
    'MCP server docs: 2 tools from http://x',
    'MCP server wiki unavailable: credentials rejected (HTTP 401)',
    'mcp server "big": failed: too large',
  ];

  test('each host names unavailability its own way; the reason is its capture group', () => {
    expect(unavailableLines(lines, /^MCP server \S+ unavailable: (.+)$/m)).toEqual([{ line: lines[1], reason: 'credentials rejected (HTTP 401)' }]);
    expect(unavailableLines(lines, /^mcp server ".*": (?:failed|cancelled)(?:: (.+))?$/m)).toEqual([{ line: lines[2], reason: 'too large' }]);
  });

  test('a pattern without a reason group gives no reason', () => {
    expect(unavailableLines(lines, /unavailable/)).toEqual([{ line: lines[1], reason: null }]);
  });
});

describe('tool outputs, as each model API carried them', () => {
  const start = mockModels();
  const patterns = { format: 'regex' as const, patterns: { denied: /^outcome: denied$/m, completed: /^outcome: completed$/m } };
  const classify = (output: unknown, flags?: { isError?: boolean }) => classifyWithProfile(patterns, output, flags);
  const post = (origin: string, path: string, body: unknown) =>
    fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  test('every API: the text the model got, the API, its error flag and the status read from that text', async () => {
    const mock = await start({ script: [{ message: 'a' }, { message: 'b' }, { message: 'c' }, { message: 'd' }] });
    const call = (id: string) => ({ type: 'function_call', call_id: id, name: 'f', arguments: '{}' });
    await post(mock.baseUrl, '/responses', {
      model: 'm',
      input: [call('r1'), { type: 'function_call_output', call_id: 'r1', output: [{ type: 'input_text', text: 'outcome: completed' }] }],
    });
    await post(mock.baseUrl, '/chat/completions', {
      model: 'm',
      messages: [
        { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } }] },
        { role: 'tool', tool_call_id: 'c1', content: 'outcome: denied' },
      ],
    });
    await post(mock.origin, '/v1/messages', {
      model: 'm',
      max_tokens: 10,
      messages: [
        { role: 'assistant', content: [{ type: 'tool_use', id: 'a1', name: 'f', input: {} }] },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 'a1',
              is_error: true,
              content: [
                { type: 'text', text: 'backend exploded' },
                { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBO' } },
              ],
            },
          ],
        },
      ],
    });
    await post(mock.origin, '/v1beta/models/g:generateContent', {
      contents: [
        { role: 'model', parts: [{ functionCall: { id: 'g1', name: 'f', args: {} } }] },
        { role: 'user', parts: [{ functionResponse: { id: 'g1', name: 'f', response: { output: 'outcome: completed' } } }] },
      ],
    });
    const seen = collectToolOutputs(mock.journal.requests(), classify);
    expect(seen.map(({ api, callId, text, isError, status }) => ({ api, callId, text, isError, status }))).toEqual([
      { api: 'responses', callId: 'r1', text: 'outcome: completed', isError: undefined, status: 'completed' },
      { api: 'chat', callId: 'c1', text: 'outcome: denied', isError: undefined, status: 'denied' },
      { api: 'anthropic', callId: 'a1', text: 'backend exploded\n[image: image/png]', isError: true, status: 'failed' },
      { api: 'gemini', callId: 'g1', text: 'outcome: completed', isError: false, status: 'completed' },
    ]);
    // What was sent stays beside it: a content array as its JSON.
    expect(seen[2]?.output).toBe(
      '[{"type":"text","text":"backend exploded"},{"type":"image","source":{"type":"base64","media_type":"image/png","data":"iVBO"}}]',
    );
  });

  test('an output no pattern reads and no error flag marks is unreadable (null), whatever its API', async () => {
    const mock = await start({ script: [{ message: 'a' }] });
    await post(mock.origin, '/v1/messages', {
      model: 'm',
      max_tokens: 10,
      messages: [
        { role: 'assistant', content: [{ type: 'tool_use', id: 'a1', name: 'f', input: {} }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'a1', content: 'found 2 pages' }] },
      ],
    });
    expect(collectToolOutputs(mock.journal.requests(), classify)).toMatchObject([{ api: 'anthropic', text: 'found 2 pages', isError: false, status: null }]);
  });
});
