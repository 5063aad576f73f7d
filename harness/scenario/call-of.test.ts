import { describe, expect, test } from 'vitest';
import { approval, fn, modelRequest, observations, output } from './test-fixtures/observations.js';
import { callOf, callsAbout, confirmationOf, outputOf, outputsOf, type AskedCall, type McpCall } from './call-of.js';
import { modelSawStatuses } from './check-helpers.js';

const big: McpCall = { server: 'docs', tool: 'notes.find', arguments: { query: 'release notes', last: 'END-1' } };
const small: McpCall = { server: 'docs', tool: 'notes.find', arguments: { query: 'small notes' } };
const grep: McpCall = { server: 'local', tool: 'grep', arguments: { pattern: 'TODO' } };
const all = [big, small, grep];
const offered = [modelRequest(0, [], [fn('docs_notes_find'), fn('local_grep')])];
const asked = (...texts: string[]) => observations({ modelRequests: offered, approvals: texts.map((t, i) => approval('deny', i, i, t)) });

describe('which approval request is about which call', () => {
  test('a request is found by the arguments it shows, whatever its place', () => {
    const obs = asked('grep {"pattern":"TODO"}', 'notes.find {"query":"small notes"}', 'notes.find {"query":"release notes"}');
    expect(
      [big, small, grep].map((c) =>
        confirmationOf(
          obs,
          callsAbout(all, (x) => x === c),
        ),
      ),
    ).toEqual([2, 1, 0]);
  });

  test('without arguments, by the name the host offered for the call or by its server or tool standing alone', () => {
    const docs = callsAbout(all, (c) => c.server === 'docs');
    expect(confirmationOf(asked('permission: local_grep', 'permission: docs_notes_find'), docs)).toBe(1);
    expect(confirmationOf(asked('grep (local MCP Server)', 'notes.find (docs MCP Server)'), docs)).toBe(1);
  });

  test('what the calls share tells none of them apart: two calls of one tool are told by their arguments only', () => {
    const obs = asked('notes.find (docs)', 'notes.find {"query":"small notes"}');
    expect(
      confirmationOf(
        obs,
        callsAbout(all, (c) => c === small),
      ),
    ).toBe(1);
    expect(
      confirmationOf(
        obs,
        callsAbout(all, (c) => c === big),
      ),
    ).toBeNull();
  });

  test('a request about this call alone is preferred to one listing other calls too', () => {
    const obs = asked('run grep TODO and notes.find?', 'notes.find?');
    expect(
      confirmationOf(
        obs,
        callsAbout(all, (c) => c.server === 'docs'),
      ),
    ).toBe(1);
    expect(
      confirmationOf(
        asked('run grep TODO and notes.find?'),
        callsAbout(all, (c) => c.server === 'docs'),
      ),
    ).toBe(0);
  });

  test('a name inside a longer one, or a request showing nothing of the call, is about nothing', () => {
    expect(
      confirmationOf(
        asked('tool: mynotes.finder on docs-2', 'Allow? [y/N]'),
        callsAbout(all, (c) => c.server === 'docs'),
      ),
    ).toBeNull();
  });
});

describe('which tool output answers which call', () => {
  const calls: McpCall[] = [
    { server: 'docs', tool: 'big', arguments: {} },
    { server: 'docs', tool: 'failing', arguments: {} },
  ];
  const tools = [fn('mcp_docs_big'), fn('mcp_docs_failing')];
  const call = (id: string, name: string) => ({ type: 'function_call', call_id: id, name, arguments: '{}' });

  test('an output is found by the call the history pairs it with, whatever its place', () => {
    const history = [call('c1', 'mcp_docs_big'), call('c2', 'mcp_docs_failing')];
    const obs = observations({
      modelRequests: [modelRequest(0, [], tools), modelRequest(1, history, tools)],
      toolOutputs: [output(1, 'failed', 'x', 'c2'), output(1, 'output_limit', 'y', 'c1')],
    });
    expect([outputOf(obs, callOf(calls, 0)), outputOf(obs, callOf(calls, 1))]).toEqual([1, 0]);
  });

  test('reads of one built-in are told apart by their arguments; statuses of several calls are read in the order named', () => {
    const reads: AskedCall[] = [
      { builtin: 'read_mcp_resource', arguments: { server: 'docs', uri: 'notes://text' } },
      { builtin: 'read_mcp_resource', arguments: { server: 'docs', uri: 'notes://big' } },
    ];
    const read = (id: string, uri: string) => ({
      type: 'function_call',
      call_id: id,
      name: 'read_resource',
      arguments: JSON.stringify({ server: 'docs', uri }),
    });
    const obs = observations({
      modelRequests: [modelRequest(0), modelRequest(1, [read('r1', 'notes://big'), read('r2', 'notes://text')])],
      toolOutputs: [output(1, 'output_limit', 'big', 'r1'), output(1, 'completed', 'text', 'r2')],
    });
    expect(outputsOf(obs, [callOf(reads, 0), callOf(reads, 1)]).outs.map((o) => o.callId)).toEqual(['r2', 'r1']);
    expect(modelSawStatuses(['completed', 'output_limit'], { of: [callOf(reads, 0), callOf(reads, 1)] })(obs).verdict).toBe('PASS');
    expect(modelSawStatuses(['completed', 'output_limit'])(obs).verdict).toBe('FAIL');
  });

  test('without any history pairing outputs with calls, outputs are taken in the order the calls were asked for', () => {
    const obs = observations({ modelRequests: [modelRequest(0, [], tools), modelRequest(1, [], tools)], toolOutputs: [output(1, 'completed', 'x', 'c1')] });
    expect([outputOf(obs, callOf(calls, 0)), outputOf(obs, callOf(calls, 1))]).toEqual([0, null]);
  });
});
