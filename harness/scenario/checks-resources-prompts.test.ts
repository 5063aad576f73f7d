import { describe, expect, test } from 'vitest';
import type { ModelRequestRecord } from '../../fake-servers/model/request.js';
import { contentCapped, promptMarkedWithServer, promptOnlyAsUserContent, readOnlyFrom } from './checks-resources-prompts.js';
import { modelRequest, observations, outcome, output, request, server } from './test-fixtures/observations.js';

const PROMPT = 'PROMPT-TEXT-5e1 from server docs';

/** A Chat Completions request as the journal records it: its system message as the instructions, the rest as input. */
function chatRequest(system: string | null, user: string): ModelRequestRecord {
  const messages = [...(system === null ? [] : [{ role: 'system', content: system }]), { role: 'user', content: user }];
  return { ...modelRequest(0, [{ role: 'user', content: user }]), api: 'chat', path: '/v1/chat/completions', body: { model: 'm', messages }, instructions: system };
}

describe('PROMPT-1 reads where the prompt sits in any model API, not in a Responses body', () => {
  test('a Chat Completions user message carrying the prompt is user content, marked with its server', () => {
    const obs = observations({ modelRequests: [chatRequest('be brief', PROMPT)] });
    expect(outcome(promptOnlyAsUserContent('PROMPT-TEXT-5e1')(obs))).toBe('PASS');
    expect(outcome(promptMarkedWithServer('PROMPT-TEXT-5e1', 'docs')(obs))).toBe('PASS');
  });

  test('the prompt in a Chat Completions system message is in the instructions: FAIL', () => {
    const obs = observations({ modelRequests: [chatRequest(PROMPT, 'hi')] });
    expect(promptOnlyAsUserContent('PROMPT-TEXT-5e1')(obs).observed).toBe('model request #1 carried the prompt in: instructions');
  });
});

describe('RESOURCE-3 capped contents', () => {
  test('an output whose status could not be read blocks the check, once its size and start are right', () => {
    const grade = contentCapped(0, 'START')(observations({ toolOutputs: [output(0, null, 'START and a little')] }));
    expect(outcome(grade)).toBe('NOT-REACHED');
    expect(grade.observed).toBe('not reached: the status of tool output #1: the output could not be read: "START and a little"');
    expect(outcome(contentCapped(0, 'START')(observations({ toolOutputs: [output(0, null, 'lost the start')] })))).toBe('FAIL');
  });
});

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
