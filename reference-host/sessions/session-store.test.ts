import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  latestSessionId,
  listSessions,
  loadSession,
  newSessionId,
  openNewSession,
  reopenSession,
  SessionFileError,
  type SessionItem,
} from './session-store.js';

const FIXTURES = path.join(import.meta.dirname, 'test-fixtures');
let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'refhost-sessions-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const mcpTurn: SessionItem[] = [
  { type: 'message', role: 'user', content: 'search the docs' },
  { type: 'function_call', call_id: 'c1', name: 'mcp_docs_search', arguments: '{"q":"x"}', mcp: { server: 'docs', tool: 'search' } },
  { type: 'function_call_output', call_id: 'c1', output: '{"status":"completed","output":"found"}' },
  { type: 'message', role: 'assistant', content: 'Found it.' },
];

function writeSession(id: string, lines: unknown[], mtime?: Date): void {
  const file = path.join(dir, `${id}.jsonl`);
  fs.writeFileSync(file, lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
  if (mtime) fs.utimesSync(file, mtime, mtime);
}

function header(id: string): unknown {
  return { type: 'session', version: 2, id, createdAt: '2025-01-01T00:00:00.000Z' };
}

describe('session store', () => {
  it('round-trips a session with MCP calls, the file 0600 with a version 2 header first', () => {
    const writer = openNewSession(dir, new Date('2025-06-01T12:00:00.123Z'));
    for (const item of mcpTurn) writer.append(item);
    expect(fs.statSync(writer.file).mode & 0o777).toBe(0o600);
    const first = JSON.parse(fs.readFileSync(writer.file, 'utf8').split('\n')[0] as string);
    expect(first).toEqual({ type: 'session', version: 2, id: writer.id, createdAt: '2025-06-01T12:00:00.123Z' });
    expect(loadSession(dir, writer.id).items).toEqual(mcpTurn);
  });

  it('writes nothing until the first item', () => {
    openNewSession(dir);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('appends to a reopened session and makes its file private', () => {
    const writer = openNewSession(dir);
    writer.append(mcpTurn[0] as SessionItem);
    fs.chmodSync(writer.file, 0o644);
    reopenSession(dir, writer.id).append({ type: 'message', role: 'assistant', content: 'later' });
    expect(loadSession(dir, writer.id).items.map((i) => i.type === 'message' && i.content)).toEqual(['search the docs', 'later']);
    expect(fs.statSync(writer.file).mode & 0o777).toBe(0o600);
  });

  it('refuses to record an MCP call whose arguments are not a JSON object', () => {
    const writer = openNewSession(dir);
    const bad: SessionItem = { type: 'function_call', call_id: 'c', name: 'mcp_a_b', arguments: '[1]', mcp: { server: 'a', tool: 'b' } };
    expect(() => writer.append(bad)).toThrow(/arguments: arguments of a recorded MCP call must be a JSON object/);
  });

  it('makes ids that sort by creation time', () => {
    const a = newSessionId(new Date('2025-01-01T00:00:00.000Z'));
    const b = newSessionId(new Date('2025-01-01T00:00:00.001Z'));
    expect(a).toMatch(/^20250101T000000000Z-[0-9a-f]{8}$/);
    expect(a < b).toBe(true);
  });

  it('loads a version 1 session saved before MCP support', () => {
    fs.copyFileSync(path.join(FIXTURES, '20240301T101500000Z-legacy01.jsonl'), path.join(dir, '20240301T101500000Z-legacy01.jsonl'));
    const session = loadSession(dir, '20240301T101500000Z-legacy01');
    expect(session.header.version).toBe(1);
    expect(session.items).toEqual([
      { type: 'message', role: 'user', content: 'What is in notes.txt?' },
      { type: 'function_call', call_id: 'call_1', name: 'read_file', arguments: '{"path":"notes.txt"}' },
      { type: 'function_call_output', call_id: 'call_1', output: 'buy milk' },
      { type: 'message', role: 'assistant', content: 'It says: buy milk.' },
    ]);
  });

  it('loads recorded MCP calls of servers that no longer exist, checking argument shape only', () => {
    writeSession('s1', [header('s1'), { type: 'function_call', call_id: 'c', name: 'mcp_gone_tool', arguments: '{"any":{"shape":[1]}}', mcp: { server: 'gone', tool: 'tool' } }]);
    expect(loadSession(dir, 's1').items).toHaveLength(1);
  });

  it.each([
    ['invalid JSON', '{"type":', /:3: not valid JSON/],
    ['an unknown item type', '{"type":"reasoning"}', /:3: not a session item: type: /],
    ['MCP arguments that are not an object', JSON.stringify({ type: 'function_call', call_id: 'c', name: 'n', arguments: '"str"', mcp: { server: 's', tool: 't' } }), /:3: not a session item: arguments: arguments of a recorded MCP call must be a JSON object/],
  ])('names the file and line number of a bad line (%s)', (_label, badLine, problem) => {
    const file = path.join(dir, 's2.jsonl');
    fs.writeFileSync(file, `${JSON.stringify(header('s2'))}\n${JSON.stringify(mcpTurn[0])}\n${badLine}\n`);
    expect(() => loadSession(dir, 's2')).toThrow(SessionFileError);
    expect(() => loadSession(dir, 's2')).toThrow(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${problem.source}`));
  });

  it('rejects a file without a valid header', () => {
    writeSession('s3', [{ role: 'user', content: 'hi' }]);
    expect(() => loadSession(dir, 's3')).toThrow(/s3\.jsonl:1: not a session header: type: /);
    fs.writeFileSync(path.join(dir, 's4.jsonl'), '');
    expect(() => loadSession(dir, 's4')).toThrow(/s4\.jsonl:1: empty file/);
  });

  it('refuses ids that could name a path outside the directory, and unknown ids', () => {
    expect(() => loadSession(dir, '../etc/passwd')).toThrow(/not a session id/);
    expect(() => loadSession(dir, 'nope')).toThrow(`no saved session with id nope in ${dir}`);
  });

  it('lists sessions most recently updated first with the first user message as title', () => {
    writeSession('20250101T000000000Z-aaaa', [header('a'), { type: 'message', role: 'user', content: 'old one' }], new Date('2025-01-01T00:00:00Z'));
    writeSession('20250102T000000000Z-bbbb', [header('b'), { type: 'message', role: 'assistant', content: 'hi' }, { type: 'message', role: 'user', content: 'newest' }], new Date('2025-03-01T00:00:00Z'));
    writeSession('20250103T000000000Z-cccc', [header('c'), { type: 'message', role: 'user', content: 'middle' }], new Date('2025-02-01T00:00:00Z'));
    writeSession('20250104T000000000Z-dddd', ['garbage'], new Date('2024-01-01T00:00:00Z'));
    const list = listSessions(dir);
    expect(list.map((s) => [s.id, s.title])).toEqual([
      ['20250102T000000000Z-bbbb', 'newest'],
      ['20250103T000000000Z-cccc', 'middle'],
      ['20250101T000000000Z-aaaa', 'old one'],
      ['20250104T000000000Z-dddd', expect.stringMatching(/^\(unreadable: .*:1: not a session header/)],
    ]);
    expect(list[0]?.updatedAt).toBe('2025-03-01T00:00:00.000Z');
    expect(latestSessionId(dir)).toBe('20250102T000000000Z-bbbb');
  });

  it('breaks equal update times by id, newest first, and has no latest session in an empty or missing directory', () => {
    const t = new Date('2025-01-01T00:00:00Z');
    writeSession('20250101T000000000Z-aaaa', [header('a')], t);
    writeSession('20250101T000000001Z-aaaa', [header('b')], t);
    expect(latestSessionId(dir)).toBe('20250101T000000001Z-aaaa');
    expect(latestSessionId(path.join(dir, 'missing'))).toBeNull();
    expect(listSessions(path.join(dir, 'missing'))).toEqual([]);
  });
});
