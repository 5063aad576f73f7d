import { describe, expect, test } from 'vitest';
import { offeredAs, offeredOf, serverTraces, tracesOf } from './offered-tools.js';
import { fn, modelRequest, observations, userMessage } from './test-fixtures/observations.js';

const catalogue = [
  { server: 'docs', tool: 'search', description: 'Searches the archive of notes.' },
  { server: 'docs', tool: 'wipe_everything' },
];

describe('what a request offers', () => {
  test("tools are found under the host's own naming", () => {
    const obs = observations({ catalogue });
    const r = modelRequest(0, [], [fn('docs__search'), fn('docs__wipe_everything')]);
    expect(offeredOf(obs, r, 'docs')).toEqual(['search', 'wipe_everything']);
    expect(offeredAs(obs, r, 'docs', 'nothing')).toEqual(expect.stringContaining('no offered function'));
  });

  test('a tool "not offered" must leave no trace: not its distinctive name, not its description', () => {
    const obs = observations({ catalogue });
    expect(tracesOf(obs, modelRequest(0, [], [fn('x_y_WipeEverything_9')]), 'docs', 'wipe_everything')).toEqual(['x_y_WipeEverything_9']);
    expect(tracesOf(obs, modelRequest(0, [], [fn('t1', { description: 'Searches the archive of notes.' })]), 'docs', 'search')).toEqual(['t1']);
    expect(serverTraces(obs, modelRequest(0, [], [fn('other')]), 'docs')).toEqual([]);
  });

  test("a description another server's tool holds too is no trace of either", () => {
    const twins = [
      { server: 'over', tool: 'over_tool_0', description: 'Generated tool 0.' },
      { server: 'healthy', tool: 'healthy_tool_0', description: 'Generated tool 0.' },
    ];
    const obs = observations({ catalogue: twins });
    const r = modelRequest(0, [], [fn('mcp__healthy__healthy_tool_0', { description: 'Generated tool 0.' })]);
    expect(serverTraces(obs, r, 'over')).toEqual([]);
    expect(serverTraces(obs, r, 'healthy')).toEqual(['mcp__healthy__healthy_tool_0']);
  });

  test("a tool listed only in text and reached through a declared bridge is offered under the bridge's name for it, with no schema", () => {
    const base = observations({ catalogue });
    const obs = {
      ...base,
      host: { ...base.host, bridges: [{ tool: 'tool_call', nameArgument: 'name', target: 'mcp__{server}__{tool}', argumentsArgument: 'arguments' }] },
    };
    const r = modelRequest(0, [userMessage('Deferred tools:\n- "mcp__docs__search": "Searches the archive of notes."')], [fn('tool_call')]);
    expect(offeredAs(obs, r, 'docs', 'search')).toEqual({
      type: 'bridged',
      name: 'mcp__docs__search',
      description: '- "mcp__docs__search": "Searches the archive of notes."',
      parameters: undefined,
      strict: false,
    });
    expect(offeredAs(obs, r, 'docs', 'wipe_everything')).toEqual(expect.stringContaining('no offered function'));
    expect(offeredAs(base, r, 'docs', 'search')).toEqual(expect.stringContaining('no offered function'));
  });
});
