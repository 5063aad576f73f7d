import { describe, expect, it } from 'vitest';
import { discoverTools, type ListPage } from './discovery.js';

const tool = (name: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  name,
  description: `tool ${name}`,
  inputSchema: { type: 'object', properties: {} },
  ...extra,
});

/** Pages of tools; each page but the last carries a cursor. */
function pages(...contents: unknown[][]): ListPage & { requested: (string | undefined)[] } {
  const requested: (string | undefined)[] = [];
  const fn = async (cursor: string | undefined): Promise<unknown> => {
    requested.push(cursor);
    const index = cursor === undefined ? 0 : Number(cursor);
    return { tools: contents[index] ?? [], ...(index + 1 < contents.length ? { nextCursor: String(index + 1) } : {}) };
  };
  return Object.assign(fn, { requested });
}

describe('discoverTools', () => {
  it('follows cursors and keeps schemas untouched', async () => {
    const schema = { type: 'object', properties: { q: { type: 'string', pattern: '^x' } }, additionalProperties: false };
    const list = pages([tool('a')], [tool('b', { inputSchema: schema })]);
    const result = await discoverTools(list);
    expect(list.requested).toEqual([undefined, '1']);
    expect(result).toEqual({
      ok: true,
      tools: [
        { name: 'a', description: 'tool a', inputSchema: { type: 'object', properties: {} } },
        { name: 'b', description: 'tool b', inputSchema: schema },
      ],
    });
  });

  it('accepts exactly 16 pages and refuses a 17th', async () => {
    const sixteen = Array.from({ length: 16 }, (_, i) => [tool(`t${i}`)]);
    expect((await discoverTools(pages(...sixteen))).ok).toBe(true);
    const seventeen = pages(...sixteen, [tool('t16')]);
    expect(await discoverTools(seventeen)).toEqual({ ok: false, reason: 'discovery limit: more than 16 pages of tools' });
    expect(seventeen.requested).toHaveLength(16);
  });

  it('accepts 128 tools and refuses 129', async () => {
    const many = (n: number): unknown[] => Array.from({ length: n }, (_, i) => tool(`t${i}`));
    expect((await discoverTools(pages(many(128)))).ok).toBe(true);
    expect(await discoverTools(pages(many(129)))).toEqual({ ok: false, reason: 'discovery limit: more than 128 tools' });
  });

  it('refuses an input schema that is not a JSON object schema', async () => {
    for (const inputSchema of [[], 'x', null, { type: 'string' }, {}]) {
      const result = await discoverTools(pages([tool('ok'), tool('bad', { inputSchema })]));
      expect(result).toEqual({ ok: false, reason: expect.stringContaining('input schema of tool "bad" is not a JSON object schema') });
    }
  });

  it('refuses an input schema over 16 KiB', async () => {
    const inputSchema = { type: 'object', description: 'd'.repeat(16 * 1024) };
    expect(await discoverTools(pages([tool('big', { inputSchema })]))).toEqual({
      ok: false,
      reason: 'discovery limit: the input schema of tool "big" is larger than 16 KiB',
    });
  });

  it('refuses definitions over 64 KiB in total', async () => {
    const wordy = Array.from({ length: 8 }, (_, i) => tool(`t${i}`, { description: 'w'.repeat(9000) }));
    expect(await discoverTools(pages(wordy))).toEqual({
      ok: false,
      reason: 'discovery limit: tool definitions larger than 64 KiB in total',
    });
  });

  it('refuses a malformed list and duplicate names', async () => {
    expect((await discoverTools(async () => ({ tools: 'no' }))).ok).toBe(false);
    expect(await discoverTools(pages([tool('a'), tool('a')]))).toEqual({ ok: false, reason: 'tools/list names the tool "a" twice' });
  });
});
