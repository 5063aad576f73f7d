import { describe, expect, test } from 'vitest';
import type { JournalEntry } from '../../fake-servers/mcp/journal.js';
import type { ModelRequestRecord } from '../../fake-servers/model/mock-model.js';
import type { Observations } from './observations.js';
import { callsOneAfterAnother, confirmationArgumentsCut, inOrder, messageNeverSent, messageSentAfterGates, toolOutputHas, UNKNOWN_WARNING } from './checks-approval-results.js';

// Fields other checks need are left out; these checks never read them.
function observations(over: Partial<Observations> = {}): Observations {
  return {
    scenario: 't', hostPid: 1, screen: { all: '', stdout: '', stderr: '', truncated: false }, statusLines: [], unavailable: [], configuredServers: { servers: [] }, approvals: [], unknownGates: [],
    script: { completed: 10, stoppedAt: null }, modelRequests: [], modelRequestMono: [], toolOutputs: [], servers: {}, trapHits: [], files: [],
    leftovers: [], exits: [], canaries: [], canarySightings: [], harnessErrors: [], ...over,
  } as Observations;
}

let seq = 0;
const entry = (kind: 'jsonrpc-in' | 'jsonrpc-out', message: Record<string, unknown>): JournalEntry => ({ seq: seq++, t: seq, mono: seq, kind, message });
const callIn = (id: number) => entry('jsonrpc-in', { jsonrpc: '2.0', id, method: 'tools/call' });
const answer = (id: number) => entry('jsonrpc-out', { jsonrpc: '2.0', id, result: {} });
const withJournal = (journal: JournalEntry[]) => observations({ servers: { docs: { name: 'docs', transport: 'http', destination: 'x', journal } } });
const request = (index: number, userText: string) => ({ index, body: {}, input: [{ type: 'message', role: 'user', content: userText }] }) as unknown as ModelRequestRecord;

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

  test('cut arguments pass only with the head, without the tail and with a marker', () => {
    const shown = (args: string) => observations({ approvals: [{ text: '', fields: { arguments: args }, answer: 'deny', shownAt: 0, answeredAt: 0 }] });
    const check = confirmationArgumentsCut(0, { head: 'HEAD', tail: 'TAIL', maxBytes: 100, marker: /cut/ });
    expect(check(shown('HEAD ppp\n... [cut: 10 of 300 bytes shown]')).verdict).toBe('PASS');
    expect(check(shown('HEAD ppp TAIL')).verdict).toBe('FAIL');
  });

  test('a declined message must reach no model request; a confirmed one must reach one', () => {
    const obs = observations({ unknownGates: ['g1', 'g2'], modelRequests: [request(0, 'Run it.'), request(1, 'second')] });
    expect(messageNeverSent('first', 3)(obs).verdict).toBe('PASS');
    expect(messageNeverSent('second', 3)(obs).verdict).toBe('FAIL');
    expect(messageSentAfterGates('second', 2)(obs).verdict).toBe('PASS');
    expect(messageSentAfterGates('second', 3)(obs).observed).toMatch(/^not reached/);
  });
});
