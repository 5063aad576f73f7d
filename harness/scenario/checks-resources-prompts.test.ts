import { describe, expect, test } from 'vitest';
import { readOnlyFrom } from './checks-resources-prompts.js';
import { observations, outcome, request, server } from './test-fixtures/observations.js';

const read = (id: number, uri: string) => request('resources/read', id, id, { uri });

describe('a read goes to the named server alone (RESOURCE-1)', () => {
  test('a read that reached another server fails, whatever the named one got (the breach is seen, no precondition needed)', () => {
    const g = readOnlyFrom('docs', 'alpha')(observations({ servers: { ...server('docs', []), ...server('alpha', [read(1, 'notes://x')]) } }));
    expect(outcome(g)).toBe('FAIL');
    expect(g.observed).toBe('server alpha received resources/read of notes://x (server docs, the one named, received none)');
  });

  test('no read anywhere is not reached; a read at the named server alone passes', () => {
    expect(outcome(readOnlyFrom('docs', 'alpha')(observations({ servers: { ...server('docs', []), ...server('alpha', []) } })))).toBe('NOT-REACHED');
    expect(outcome(readOnlyFrom('docs', 'alpha')(observations({ servers: { ...server('docs', [read(1, 'notes://x')]), ...server('alpha', []) } })))).toBe('PASS');
  });
});
