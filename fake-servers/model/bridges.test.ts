import { describe, expect, it } from 'vitest';
import type { OfferedTool, ParsedModelRequest } from './request.js';
import { listedTargets } from './bridges.js';
import { planTurn } from './script.js';

const fn = (name: string): OfferedTool => ({ type: 'function', name, description: null, parameters: {}, strict: null });
const BRIDGE = { tool: 'tool_call', nameArgument: 'name', target: 'mcp__{server}__{tool}', argumentsArgument: 'arguments' };

function request(tools: OfferedTool[], text: string): ParsedModelRequest {
  return {
    api: 'chat',
    index: 0,
    receivedAt: 0,
    method: 'POST',
    path: '/v1/chat/completions',
    search: '',
    headers: {},
    authorization: null,
    credential: null,
    body: {},
    model: 'mock-model',
    stream: false,
    instructions: null,
    input: [{ role: 'user', content: text }],
    tools,
    functionCallOutputs: [],
  };
}
const step = { calls: [{ server: 'docs', tool: 'search', arguments: { q: 'notes' } }] };

describe('bridge tools in the scripted model', () => {
  it('calls a target listed only in text through the bridge, its name from the template and its arguments under the argument name', () => {
    const turn = planTurn(step, request([fn('read_file'), fn('tool_call')], 'deferred tools: "mcp__docs__search": Search.'), {
      catalogue: [],
      bridges: [BRIDGE],
    });
    expect(turn.calls).toEqual([{ name: 'tool_call', arguments: JSON.stringify({ name: 'mcp__docs__search', arguments: { q: 'notes' } }) }]);
  });

  it('prefers the target offered as its own function over the bridge', () => {
    const turn = planTurn(step, request([fn('mcp__docs__search'), fn('tool_call')], 'mcp__docs__search'), { catalogue: [], bridges: [BRIDGE] });
    expect(turn.calls).toEqual([{ name: 'mcp__docs__search', arguments: '{"q":"notes"}' }]);
  });

  it('cannot reach a target the request does not name, even with the bridge offered', () => {
    const turn = planTurn(step, request([fn('tool_call')], 'no MCP tools listed'), { catalogue: [], bridges: [BRIDGE] });
    expect(turn.calls).toEqual([]);
    expect(turn.unresolved[0]?.target).toBe('docs/search');
  });

  it('calls a target under the name the text lists, made safe and suffixed by the host, not the template filled', () => {
    const listing = '### MCP servers\n#### docs\n- "mcp__docs__notes_find_1fu25ca": ""';
    const turn = planTurn({ calls: [{ server: 'docs', tool: 'notes.find', arguments: {} }] }, request([fn('tool_call')], listing), {
      catalogue: [],
      bridges: [BRIDGE],
    });
    expect(turn.calls).toEqual([{ name: 'tool_call', arguments: JSON.stringify({ name: 'mcp__docs__notes_find_1fu25ca', arguments: {} }) }]);
  });

  it('takes a listed name that carries the server over a built-in function of the bare tool name', () => {
    const step = { calls: [{ server: 'alpha', tool: 'read_file', arguments: {} }] };
    const turn = planTurn(step, request([fn('read_file'), fn('tool_call')], '- "mcp__alpha__read_file": "Reads."'), { catalogue: [], bridges: [BRIDGE] });
    expect(turn.calls[0]?.name).toBe('tool_call');
  });

  it('cannot use a bridge the request does not offer', () => {
    const turn = planTurn(step, request([fn('read_file')], 'mcp__docs__search'), { catalogue: [], bridges: [BRIDGE] });
    expect(turn.unresolved).toHaveLength(1);
  });
});

describe('listedTargets', () => {
  it("lists each name of the template's shape once, with the line that lists it, a sentence's full stop not part of it", () => {
    const text = 'The following tools:\n- "mcp__docs__search": "Search."\n- "x": "y"\nCall mcp__docs__search.';
    expect(listedTargets(request([fn('tool_call')], text), [BRIDGE]).map((l) => [l.targetName, l.line])).toEqual([
      ['mcp__docs__search', '- "mcp__docs__search": "Search."'],
    ]);
  });

  it('lists nothing for a bridge the request does not offer', () => {
    expect(listedTargets(request([fn('read_file')], '- "mcp__docs__search": "Search."'), [BRIDGE])).toEqual([]);
  });
});
