import { describe, expect, test } from 'vitest';
import type { JournalEntry } from '../../fake-servers/mcp/journal.js';
import { modelRequest, observations, reply, request, server, userMessage } from './test-fixtures/observations.js';
import { callsOneAfterAnother, confirmationArgumentsCut, inOrder, messageNeverSent, messageSentAfterGates, toolOutputHas, UNKNOWN_WARNING } from './checks-approval-results.js';

const withJournal = (journal: JournalEntry[]) => observations({ servers: server('docs', journal) });
const callIn = (id: number) => request('tools/call', id);
const answer = (id: number) => reply(id);
const asked = (index: number, userText: string) => modelRequest(index, [userMessage(userText)]);

describe('checks for approval and results', () => {
  test('calls sent one after another pass; a call sent before the previous answer fails', () => {
    expect(callsOneAfterAnother('docs', 2)(withJournal([callIn(1), answer(1), callIn(2), answer(2)])).verdict).toBe('PASS');
    expect(callsOneAfterAnother('docs', 2)(withJournal([callIn(1), callIn(2), answer(1), answer(2)])).verdict).toBe('FAIL');
  });

  test('fewer calls than expected is "not reached"', () => {
    expect(callsOneAfterAnother('docs', 2)(withJournal([callIn(1), answer(1)])).observed).toMatch(/^not reached/);
  });

  test('inOrder needs every part, each after the one before', () => {
    expect(inOrder('a1', 'b2').ok('x a1 y b2')).toBe(true);
    expect(inOrder('a1', 'b2').ok('b2 a1')).toBe(false);
    expect(inOrder('a1', 'b2').ok('a1 only')).toBe(false);
  });

  test('the unknown warning needs both "may have acted" and "do not retry"', () => {
    const out = (output: string) => observations({ toolOutputs: [{ request: 0, callId: 'c', output, status: 'unknown' }] });
    expect(toolOutputHas(0, UNKNOWN_WARNING)(out('The server may have acted. Do not retry it.')).verdict).toBe('PASS');
    expect(toolOutputHas(0, UNKNOWN_WARNING)(out('The call did not complete.')).verdict).toBe('FAIL');
  });

  test('cut arguments pass with the head, the padding cut in bytes near the bound, a marker and no tail', () => {
    const shown = (args: string, field = true) => observations({ approvals: [{ text: field ? '' : args, fields: field ? { arguments: args } : {}, answer: 'deny', shownAt: 0, answeredAt: 0 }] });
    const check = confirmationArgumentsCut(0, { head: 'HEAD', tail: 'TAIL', pad: 'é', marker: /cut/ }, { minBytes: 80, maxBytes: 100 });
    expect(check(shown(`HEAD ${'é'.repeat(50)}\n... [cut]`)).verdict).toBe('PASS');
    expect(check(shown(`HEAD ${'\\u00e9'.repeat(45)} [cut]`, false)).verdict).toBe('PASS');
    expect(check(shown(`HEAD ${'é'.repeat(100)} [cut]`)).observed).toMatch(/200 bytes of the padding shown, more than 100/);
    expect(check(shown(`HEAD ${'é'.repeat(10)} [cut]`)).observed).toMatch(/cut well before 100/);
    expect(check(shown(`HEAD ${'é'.repeat(50)} TAIL`)).verdict).toBe('FAIL');
    expect(check(shown(`other call ${'é'.repeat(50)} [cut]`)).observed).toMatch(/does not show the start of the arguments/);
  });

  test('a declined message must reach no model request; a confirmed one must reach one', () => {
    const obs = observations({ unknownGates: ['g1', 'g2'], modelRequests: [asked(0, 'Run it.'), asked(1, 'second')] });
    expect(messageNeverSent('first', 3)(obs).verdict).toBe('PASS');
    expect(messageNeverSent('second', 3)(obs).verdict).toBe('FAIL');
    expect(messageSentAfterGates('second', 2)(obs).verdict).toBe('PASS');
    expect(messageSentAfterGates('second', 3)(obs).observed).toMatch(/^not reached/);
  });
});
