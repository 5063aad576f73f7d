import { describe, expect, it } from 'vitest';
import { initialCatalogue, pageOf, toolPage, wireTool } from './tool-catalogue.js';
import { FILLS, jsonBytes, utf8Bytes } from './stamped-text.js';
import type { ServerBehaviour } from './behaviour.js';

const listed = (behaviour: ServerBehaviour) => initialCatalogue(behaviour).map((t) => t.wire);

describe('tool sizes in UTF-8 bytes of what is sent', () => {
  it.each(FILLS)('makes JSON.stringify(inputSchema) exactly inputSchemaBytes (%s), at 16 KiB and one past', (fill) => {
    const inputSchema = { type: 'object', properties: { q: { type: 'string', description: 'naïve' } }, required: ['q'] };
    for (const bytes of [16 * 1024, 16 * 1024 + 1]) {
      const wire = wireTool({ name: 't', inputSchema, inputSchemaBytes: bytes, fill }, 'tool');
      expect(jsonBytes(wire.inputSchema)).toBe(bytes);
      expect(wire.inputSchema.required).toEqual(['q']);
    }
  });

  it('makes a description exactly descriptionBytes', () => {
    expect(utf8Bytes(wireTool({ name: 't', descriptionBytes: 300, fill: 'utf8-2' }, 'tool').description ?? '')).toBe(300);
  });

  it.each(FILLS)('makes the sum of JSON.stringify(tool) over the list exactly definitionsBytes (%s), at 64 KiB and one past', (fill) => {
    for (const total of [64 * 1024, 64 * 1024 + 1]) {
      const tools = listed({
        tools: [{ name: 'declared', description: 'Déjà vu.' }],
        generateTools: { count: 7, fill },
        toolsList: { definitionsBytes: total },
      });
      expect(tools.reduce((sum, tool) => sum + jsonBytes(tool), 0)).toBe(total);
      expect(tools[0]?.description).toBe('Déjà vu.');
    }
  });
});

describe('tool counts and pages', () => {
  it.each([0, 1, 128, 129])('lists exactly %i generated tools', (count) => {
    expect(listed({ generateTools: { count } })).toHaveLength(count);
  });

  it.each([
    [16, 16],
    [17, 17],
    [3, 5],
    [0, 2],
    [10, 4],
  ])('splits %i tools over exactly %i pages', (count, pages) => {
    const catalogue = initialCatalogue({ generateTools: { count } });
    const seen: string[] = [];
    let cursor: string | undefined;
    let served = 0;
    do {
      const page = toolPage(catalogue, pages, cursor);
      served++;
      seen.push(...(page?.tools ?? []).map((t) => t.name));
      cursor = page?.nextCursor;
    } while (cursor !== undefined);
    expect(served).toBe(pages);
    expect(seen).toEqual(catalogue.map((t) => t.wire.name));
  });

  it('answers no page past the last or for a cursor that is not a page', () => {
    const catalogue = initialCatalogue({ generateTools: { count: 2 } });
    expect(toolPage(catalogue, 2, '2')).toBeUndefined();
    expect(toolPage(catalogue, 2, 'x')).toBeUndefined();
  });
});

describe('pageOf (any list: resources, templates, prompts)', () => {
  it('splits one item over 17 pages, the later ones empty, each naming the next', () => {
    expect(pageOf(['a'], 17, undefined)).toEqual({ items: ['a'], nextCursor: '1' });
    expect(pageOf(['a'], 17, '15')).toEqual({ items: [], nextCursor: '16' });
    expect(pageOf(['a'], 17, '16')).toEqual({ items: [] });
    expect(pageOf(['a'], 17, '17')).toBeUndefined();
  });
});
