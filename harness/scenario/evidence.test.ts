import { describe, expect, test } from 'vitest';
import { neverHappened, notReached } from './evidence.js';
import { observations, screen, stoppedAt } from './test-fixtures/observations.js';

describe('the two kinds of absence', () => {
  test('notReached: a precondition the check does not ask of the host, marked unreached (BLOCKED), with where the script stopped', () => {
    const g = notReached('approval request #1', observations({ script: stoppedAt(2), screen: screen('waiting') }));
    expect(g).toMatchObject({
      verdict: 'FAIL',
      reached: false,
      observed: 'not reached: approval request #1 (the user script stopped at step 2, approval: no approval request within 5000 ms)',
    });
    expect(g.owed).toBeUndefined();
    expect(g.evidence.at(-1)).toMatchObject({ kind: 'screen', excerpt: 'waiting' });
  });

  test("neverHappened: what the check's own guarantee demands, owed since its occasion: a FAIL, never unreached", () => {
    const g = neverHappened('approval request #1 of 2', 'the host sent call #1 to server docs', observations({ script: stoppedAt(2) }));
    expect(g).toMatchObject({
      verdict: 'FAIL',
      owed: true,
      observed:
        'never happened: approval request #1 of 2, owed since the host sent call #1 to server docs (the user script stopped at step 2, approval: no approval request within 5000 ms)',
    });
    expect(g.reached).toBeUndefined();
  });

  test('neverHappened keeps the evidence it is given, then the screen', () => {
    const g = neverHappened('x', 'y', observations(), [{ kind: 'note', source: 'n', excerpt: 'e' }]);
    expect(g.evidence.map((e) => e.kind)).toEqual(['note', 'screen']);
    expect(g.observed).toBe('never happened: x, owed since y');
  });
});
