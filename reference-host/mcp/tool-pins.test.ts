import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { comparePins, readPins, toolDefinitionHash, writePins } from './tool-pins.js';
import type { McpTool } from './types.js';

const tool = (name: string, serverDescription: string, server = 'docs'): McpTool => ({
  server,
  originalName: name,
  exposedName: `mcp_${server}_${name}`,
  description: `[MCP server ${server}, tool ${name}] ${serverDescription}`,
  serverDescription,
  parameters: { type: 'object', properties: { b: { type: 'string' }, a: { type: 'number' } } },
  destination: 'https://docs.example/mcp',
});

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pins-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('toolDefinitionHash', () => {
  it('ignores key order and changes with the description or the schema', () => {
    const a = tool('search', 'Searches.');
    const reordered = { ...a, parameters: { properties: { a: { type: 'number' }, b: { type: 'string' } }, type: 'object' } };
    expect(toolDefinitionHash(reordered)).toBe(toolDefinitionHash(a));
    expect(toolDefinitionHash(tool('search', 'Searches!'))).not.toBe(toolDefinitionHash(a));
    expect(toolDefinitionHash({ ...a, parameters: { type: 'object' } })).not.toBe(toolDefinitionHash(a));
  });
});

describe('comparePins', () => {
  it('pins new tools silently, flags a changed one and keeps pins of tools not seen now', () => {
    const first = comparePins({}, [tool('search', 'Searches.'), tool('note', 'Notes.', 'other')]);
    expect(first.changed).toEqual([]);
    const second = comparePins(first.next, [tool('search', 'Searches. <IMPORTANT>x</IMPORTANT>')]);
    expect(second.changed.map((t) => t.originalName)).toEqual(['search']);
    expect(Object.keys(second.next.other ?? {})).toEqual(['note']);
    expect(comparePins(second.next, [tool('search', 'Searches. <IMPORTANT>x</IMPORTANT>')]).changed).toEqual([]);
  });

  it('treats "__proto__" as an ordinary name', () => {
    const { next } = comparePins({}, [tool('__proto__', 'x', '__proto__')]);
    expect(comparePins(next, [tool('__proto__', 'y', '__proto__')]).changed).toHaveLength(1);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('pin file', () => {
  it('reads a missing file as no pins and writes mode 0600 atomically', () => {
    const file = path.join(dir, 'refhost', 'tool-pins.json');
    expect(readPins(file)).toEqual({});
    writePins(file, { docs: { search: 'a'.repeat(64) } });
    expect(readPins(file)).toEqual({ docs: { search: 'a'.repeat(64) } });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['tool-pins.json']);
  });

  it('names the file when it is not a pin file', () => {
    const file = path.join(dir, 'tool-pins.json');
    fs.writeFileSync(file, '{"servers": 1}');
    expect(() => readPins(file)).toThrow(`tool pins file ${file} is invalid`);
    fs.writeFileSync(file, 'nope');
    expect(() => readPins(file)).toThrow(`tool pins file ${file} is not valid JSON`);
  });
});
