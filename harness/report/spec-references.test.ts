import { describe, expect, it } from 'vitest';
import { CheckResultSchema } from './schema.js';
import { specReferencesOf } from './spec-references.js';
import { checkResult, GUARANTEES } from './test-fixtures/sample-reports.js';

const catalogue = new Map(GUARANTEES.map((g) => [g.id, { ...g, tier: g.id === 'APPROVE-1' ? ('spec-should' as const) : ('safety' as const) }]));

describe('specReferencesOf (a spec-tier check named as the official suite names its requirements)', () => {
  it('gives one reference per section the guarantees cite, each revision its own page', () => {
    expect(specReferencesOf(['APPROVE-1', 'NET-2'], catalogue)).toEqual({
      specReferences: [
        {
          id: 'MCP-2025-11-25-Tools-user-interaction-model',
          url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#user-interaction-model',
        },
        {
          id: 'MCP-2026-07-28-Tools-user-interaction-model',
          url: 'https://modelcontextprotocol.io/specification/2026-07-28/server/tools#user-interaction-model',
        },
      ],
    });
  });

  it("gives nothing to a check of the catalogue's own tiers", () => {
    expect(specReferencesOf(['NET-2'], catalogue)).toEqual({});
  });

  it('names sections of the current catalogue by default, and every reference fits the report schema', () => {
    const { specReferences } = specReferencesOf(['STDIO-5']);
    expect(specReferences?.map((r) => r.id)).toEqual(['MCP-2025-11-25-Lifecycle-shutdown', 'MCP-2026-07-28-stdio-shutdown']);
    expect(CheckResultSchema.safeParse(checkResult('s/c', ['STDIO-5'], 'PASS', { specReferences })).success).toBe(true);
  });
});
