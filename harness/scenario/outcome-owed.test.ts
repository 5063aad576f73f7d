import { describe, expect, test } from 'vitest';
import { outcomeOwed, outputNotReached } from './outcome-owed.js';
import { approval, modelRequest, observations, request, server } from './test-fixtures/observations.js';
import type { Observations } from './observations.js';

/** A call approved at 100 and sent at 110, whose outcome never reached the model. */
const decided = (over: Partial<Observations> = {}): Observations =>
  observations({
    approvals: [approval('approve', 90, 100)],
    servers: server('docs', [request('tools/call', 1, 110)]),
    modelRequests: [modelRequest(0)],
    modelRequestMono: [50],
    ...over,
  });

describe('outcomeOwed', () => {
  test('no call was decided: nothing is owed yet', () => {
    expect(outcomeOwed(observations({ script: { completed: 1, stoppedAt: null, endedAtPrompt: true } }))).toBeNull();
  });

  test('a model request after the last decided call means the host went on without the outcome', () => {
    expect(outcomeOwed(decided({ modelRequests: [modelRequest(0), modelRequest(1)], modelRequestMono: [50, 200] }))).toMatch(
      /went on to the model without it \(model request #2\)/,
    );
  });

  test('the script ending with the host back at its prompt makes it owed; ended without waiting for the prompt, it does not', () => {
    expect(outcomeOwed(decided({ script: { completed: 3, stoppedAt: null, endedAtPrompt: true } }))).toMatch(/went back to its prompt/);
    expect(outcomeOwed(decided({ script: { completed: 3, stoppedAt: null } }))).toBeNull();
  });

  test('a host that ended by itself before the end step owed it', () => {
    expect(outcomeOwed(decided({ script: { completed: 3, stoppedAt: null, exitedBeforeEnd: true } }))).toMatch(/exited by itself, before the user ended it/);
  });

  test('a host gone by itself when the script stopped owed it', () => {
    expect(outcomeOwed(decided({ script: { completed: 2, stoppedAt: { step: 3, what: 'send', reason: 'no prompt', mono: 500, hostExited: true } } }))).toMatch(
      /exited by itself/,
    );
  });

  test('the user waiting past the call deadline in force and its slack makes it owed; a shorter wait does not', () => {
    const stop = (mono: number): Partial<Observations> => ({ script: { completed: 2, stoppedAt: { step: 3, what: 'send', reason: 'no prompt', mono } } });
    expect(outcomeOwed(decided(stop(110 + 30_000 + 1000)))).toMatch(/waited 31000 ms, past the 30000 ms call deadline/);
    expect(outcomeOwed(decided(stop(110 + 30_000)))).toBeNull();
  });

  test('a call of an earlier host session does not make the last session owe anything', () => {
    expect(
      outcomeOwed(
        decided({
          sessionStarts: [
            { request: 0, mono: 0 },
            { request: 1, mono: 300 },
          ],
          script: { completed: 5, stoppedAt: null, endedAtPrompt: true },
        }),
      ),
    ).toBeNull();
  });

  test('a tool the model could not find leaves nothing owed (grade.ts names that cause)', () => {
    expect(
      outcomeOwed(
        decided({ unresolvedTargets: [{ server: 'docs', tool: 'x', request: 0 } as never], script: { completed: 3, stoppedAt: null, endedAtPrompt: true } }),
      ),
    ).toBeNull();
  });
});

describe('outputNotReached', () => {
  test('blocks the check and carries the "never happened" line only when owed', () => {
    const blocked = outputNotReached('tool output #1 never reached the model', decided());
    expect(blocked.reached).toBe(false);
    expect(blocked.owedToModel).toBeUndefined();
    const owed = outputNotReached('tool output #1 never reached the model', decided({ script: { completed: 3, stoppedAt: null, endedAtPrompt: true } }));
    expect(owed.reached).toBe(false);
    expect(owed.owedToModel).toMatch(/^never happened: tool output #1 never reached the model, owed since the last call was decided/);
  });
});
