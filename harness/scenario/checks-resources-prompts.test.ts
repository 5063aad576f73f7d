import { describe, expect, test } from 'vitest';
import type { ModelRequestRecord } from '../../fake-servers/model/request.js';
import {
  contentCapped,
  noPromptFetchedFrom,
  promptMarkedWithServer,
  promptOnlyAsUserContent,
  promptShownBeforeUse,
  readOnlyFrom,
  readsConfinedTo,
  serverReadOnlyApproved,
  textKeptBlobOmitted,
} from './checks-resources-prompts.js';
import { modelRequest, observations, outcome, output, request, screen, server } from './test-fixtures/observations.js';

const PROMPT = 'PROMPT-TEXT-5e1 from server docs';

/** A Chat Completions request as the journal records it: its system message as the instructions, the rest as input. */
function chatRequest(system: string | null, user: string): ModelRequestRecord {
  const messages = [...(system === null ? [] : [{ role: 'system', content: system }]), { role: 'user', content: user }];
  return {
    ...modelRequest(0, [{ role: 'user', content: user }]),
    api: 'chat',
    path: '/v1/chat/completions',
    body: { model: 'm', messages },
    instructions: system,
  };
}

describe('PROMPT-1 reads where the prompt sits in any model API, not in a Responses body', () => {
  test('a Chat Completions user message carrying the prompt is user content, marked with its server', () => {
    const obs = observations({ modelRequests: [chatRequest('be brief', PROMPT)] });
    expect(outcome(promptOnlyAsUserContent(['PROMPT-TEXT-5e1'])(obs))).toBe('PASS');
    expect(outcome(promptMarkedWithServer(['PROMPT-TEXT-5e1'], 'docs')(obs))).toBe('PASS');
  });

  test('the prompt in a Chat Completions system message is in the instructions: FAIL', () => {
    const obs = observations({ modelRequests: [chatRequest(PROMPT, 'hi')] });
    expect(promptOnlyAsUserContent(['PROMPT-TEXT-5e1'])(obs).observed).toBe('model request #1 carried the prompt\'s "PROMPT-TEXT-5e1" in: instructions');
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
    expect(outcome(readOnlyFrom('docs', 'alpha')(observations({ servers: { ...server('docs', [read(1, 'notes://x')]), ...server('alpha', []) } })))).toBe(
      'PASS',
    );
  });
});

describe('only the approved reads are sent (RESOURCE-1)', () => {
  const approved = ['notes://a', 'notes://b', 'notes://c'];
  const grade = (...uris: string[]) =>
    serverReadOnlyApproved(
      'docs',
      approved,
    )(
      observations({
        servers: server(
          'docs',
          uris.map((u, i) => read(i + 1, u)),
        ),
      }),
    );

  test('every approved read, or the first of them when the host ended the turn early, passes', () => {
    expect(outcome(grade('notes://a', 'notes://b', 'notes://c'))).toBe('PASS');
    expect(grade('notes://a').observed).toBe('server docs received resources/read of notes://a (the host never sent notes://b, notes://c)');
  });

  test('a read repeated (the denied one sent), out of order or past the approved ones fails; none at all is not reached', () => {
    expect(outcome(grade('notes://a', 'notes://a', 'notes://b', 'notes://c'))).toBe('FAIL');
    expect(outcome(grade('notes://b'))).toBe('FAIL');
    expect(outcome(grade())).toBe('NOT-REACHED');
  });
});

describe('PROMPT-1 over every message of a prompt (first, middle, last; each role)', () => {
  const responses = (...items: unknown[]) => observations({ modelRequests: [modelRequest(0, items)], screen: screen('FIRST from docs\nLAST from docs\n') });
  const user = (text: string) => ({ type: 'message', role: 'user', content: text });

  test('a message in an assistant item, or one left out while others arrived, fails; all as marked user items pass', () => {
    const all = ['FIRST', 'MIDDLE', 'LAST'];
    expect(outcome(promptOnlyAsUserContent(all)(responses(user('FIRST from docs'), user('MIDDLE from docs'), user('LAST from docs'))))).toBe('PASS');
    expect(
      promptOnlyAsUserContent(all)(
        responses(user('FIRST from docs'), { type: 'message', role: 'assistant', content: 'MIDDLE from docs' }, user('LAST from docs')),
      ).observed,
    ).toBe('model request #1 carried the prompt\'s "MIDDLE" in: assistant message');
    expect(promptOnlyAsUserContent(all)(responses(user('FIRST from docs'), user('LAST from docs'))).observed).toBe(
      'the prompt\'s messages "MIDDLE" never reached the model (others of the prompt did)',
    );
    expect(outcome(promptOnlyAsUserContent(all)(responses(user('hello'))))).toBe('NOT-REACHED');
  });

  test('a later message without its server fails the marking; one the screen never showed fails the showing', () => {
    expect(outcome(promptMarkedWithServer(['FIRST', 'LAST'], 'docs')(responses(user('FIRST from docs'), user('LAST'))))).toBe('FAIL');
    expect(outcome(promptShownBeforeUse(['FIRST', 'LAST'])(responses(user('FIRST from docs'), user('LAST from docs'))))).toBe('PASS');
    expect(outcome(promptShownBeforeUse(['FIRST', 'MIDDLE'])(responses(user('FIRST from docs'), user('MIDDLE unseen'))))).toBe('FAIL');
  });

  test('a prompts/get at a server never asked fails; none passes once the asked server got its own', () => {
    const get = (id: number) => request('prompts/get', id, id, { name: 'digest' });
    expect(outcome(noPromptFetchedFrom('notes', 'docs')(observations({ servers: { ...server('docs', [get(1)]), ...server('notes', [get(2)]) } })))).toBe(
      'FAIL',
    );
    expect(outcome(noPromptFetchedFrom('notes', 'docs')(observations({ servers: { ...server('docs', [get(1)]), ...server('notes', []) } })))).toBe('PASS');
    expect(outcome(noPromptFetchedFrom('notes', 'docs')(observations({ servers: { ...server('docs', []), ...server('notes', []) } })))).toBe('NOT-REACHED');
  });
});

describe('reads confined to what each server offered (RESOURCE-1/2)', () => {
  const allowed = { docs: ['notes://day/1'], other: [] };
  test('a look-alike at the named server, or any read at another, fails; the allowed read alone passes; none is not reached', () => {
    const at = (docs: string[], other: string[]) =>
      observations({
        servers: {
          ...server(
            'docs',
            docs.map((u, i) => read(i + 1, u)),
          ),
          ...server(
            'other',
            other.map((u, i) => read(i + 10, u)),
          ),
        },
      });
    expect(readsConfinedTo(allowed, { server: 'docs', uri: 'notes://day/1' })(at(['notes://README', 'notes://day/1'], [])).observed).toBe(
      'resources/read of URIs those servers did not list: docs: notes://README',
    );
    expect(outcome(readsConfinedTo(allowed, { server: 'docs', uri: 'notes://day/1' })(at(['notes://day/1'], ['notes://readme'])))).toBe('FAIL');
    expect(outcome(readsConfinedTo(allowed, { server: 'docs', uri: 'notes://day/1' })(at(['notes://day/1'], [])))).toBe('PASS');
    expect(outcome(readsConfinedTo(allowed, { server: 'docs', uri: 'notes://day/1' })(at([], [])))).toBe('NOT-REACHED');
  });
});

describe('RESOURCE-3 several contents and blobs in both forms', () => {
  const blob = Buffer.from('TEXT-BLOB-CANARY-fedcba9876543210fedcba9876543210').toString('base64');
  const grade = (text: string) =>
    textKeptBlobOmitted(0, ['FIRST', 'LAST'], 0, blob)(observations({ toolOutputs: [output(0, 'completed', text)], modelRequests: [modelRequest(0, [text])] }));
  test('every text kept and the blob absent passes; a text lost, or the blob decoded, fails', () => {
    expect(outcome(grade('FIRST [binary omitted] LAST'))).toBe('PASS');
    expect(grade('FIRST only').observed).toBe('tool output #1 lost the resource text "LAST"');
    expect(grade('FIRST TEXT-BLOB-CANARY-fedcba9876543210fedcba9876543210 LAST').observed).toBe("the blob's decoded content (from offset 0) reached the model");
  });
});
