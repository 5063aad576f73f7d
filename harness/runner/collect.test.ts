import { chmodSync, mkdirSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { textBeforePrompt } from '../adapters/screen-capture.js';
import { createSandbox, type Sandbox } from '../sandbox/sandbox.js';
import { collectFiles, startupSeen, unavailableLines } from './collect.js';

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
  const screen = 'MCP server docs: 2 tools from http://x\nMCP server docs: tool a has instruction-like text\nMCP server docs: tool b changed\nYou> hello\nflagged later has instruction-like text\n';

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
  const lines = ['MCP server docs: 2 tools from http://x', 'MCP server wiki unavailable: credentials rejected (HTTP 401)', 'mcp server "big": failed: too large'];

  test('each host names unavailability its own way; the reason is its capture group', () => {
    expect(unavailableLines(lines, /^MCP server \S+ unavailable: (.+)$/m)).toEqual([{ line: lines[1], reason: 'credentials rejected (HTTP 401)' }]);
    expect(unavailableLines(lines, /^mcp server ".*": (?:failed|cancelled)(?:: (.+))?$/m)).toEqual([{ line: lines[2], reason: 'too large' }]);
  });

  test('a pattern without a reason group gives no reason', () => {
    expect(unavailableLines(lines, /unavailable/)).toEqual([{ line: lines[1], reason: null }]);
  });
});
