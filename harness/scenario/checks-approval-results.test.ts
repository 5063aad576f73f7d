import { describe, expect, test } from 'vitest';
import type { JournalEntry } from '../../fake-servers/mcp/journal.js';
import {
  approval,
  entry,
  exit,
  fn,
  httpRequest,
  modelRequest,
  observations,
  outcome,
  output,
  reply,
  request,
  server,
  stoppedAt,
  userMessage,
} from './test-fixtures/observations.js';
import {
  atMostBytes,
  callsOneAfterAnother,
  confirmationArgumentsCut,
  confirmationArgumentsWhole,
  confirmationCutWhenFormatted,
  confirmationSays,
  confirmationShowed,
  confirmationShowedCommandLine,
  contains,
  inOrder,
  matches,
  messageNeverSent,
  messageSentAfterGates,
  modelNeverSaw,
  noStreamReopenedAfterDrop,
  serverNeverGot,
  stampedHead,
  toolOutputHas,
  unknownGateShown,
  unknownGateShownAfter,
  unknownOutcomeChecks,
  UNKNOWN_WARNING,
  wholeStamped,
} from './checks-approval-results.js';
import { stampAt, stampedText } from '../../fake-servers/mcp/stamped-text.js';
import type { Observations } from './observations.js';
import { callsAbout, type AskedCall } from './call-of.js';

const docsFind: AskedCall = { server: 'docs', tool: 'notes.find', arguments: { q: 'HEAD', last: 'TAIL' } };
const grepCall: AskedCall = { server: 'local', tool: 'grep', arguments: { pattern: 'TODO' } };
const ofDocs = callsAbout([docsFind, grepCall], (c) => c === docsFind);
const ofGrep = callsAbout([docsFind, grepCall], (c) => c === grepCall);

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
    const out = (output: string) => observations({ toolOutputs: [{ request: 0, api: 'responses', callId: 'c', output, text: output, status: 'unknown' }] });
    expect(toolOutputHas(0, UNKNOWN_WARNING)(out('The server may have acted. Do not retry it.')).verdict).toBe('PASS');
    expect(toolOutputHas(0, UNKNOWN_WARNING)(out('The call did not complete.')).verdict).toBe('FAIL');
  });

  test('rules about one kind of result are not reached on another: a whole text does not "keep the head" of a cut one', () => {
    const whole = observations({
      toolOutputs: [{ request: 0, api: 'responses', callId: 'c', output: 'the whole text', text: 'the whole text', status: 'completed' }],
    });
    expect(toolOutputHas(0, [contains('the whole')], 'output_limit')(whole).reached).toBe(false);
    expect(toolOutputHas(0, [contains('the whole')])(whole).verdict).toBe('PASS');
    const unreadable = observations({ toolOutputs: [output(0, null, 'the whole text')] });
    expect(toolOutputHas(0, [contains('the whole')], 'output_limit')(unreadable).observed).toBe(
      'not reached: the status of tool output #1: the output could not be read: "the whole text"',
    );
  });

  test('output rules read the text the model got: an Anthropic content array by its text, not its JSON escaping', () => {
    const text = 'line one\n"quoted" line two';
    const sent = JSON.stringify([{ type: 'text', text }]);
    const obs = observations({ toolOutputs: [{ request: 0, api: 'anthropic', callId: 'c', output: sent, text, isError: false, status: 'completed' }] });
    expect(toolOutputHas(0, [contains('one\n"quoted"'), atMostBytes(Buffer.byteLength(text))])(obs).verdict).toBe('PASS');
  });

  test('cut arguments pass with the head, the padding cut in bytes near the bound, a marker and no tail', () => {
    const shown = (args: string, field = true) =>
      observations({ approvals: [{ text: field ? '' : args, fields: field ? { arguments: args } : {}, answer: 'deny', shownAt: 0, answeredAt: 0 }] });
    const check = confirmationArgumentsCut(ofDocs, { head: 'HEAD', tail: 'TAIL', pad: 'é', marker: /cut/ }, { minBytes: 80, maxBytes: 100 });
    expect(check(shown(`HEAD ${'é'.repeat(50)}\n... [cut]`)).verdict).toBe('PASS');
    expect(check(shown(`HEAD ${'\\u00e9'.repeat(45)} [cut]`, false)).verdict).toBe('PASS');
    expect(check(shown(`HEAD ${'é'.repeat(100)} [cut]`)).observed).toMatch(/200 bytes of the padding shown, more than 100/);
    expect(check(shown(`HEAD ${'é'.repeat(10)} [cut]`)).observed).toMatch(/cut well before 100/);
    expect(check(shown(`HEAD ${'é'.repeat(50)} TAIL`)).verdict).toBe('FAIL');
    expect(check(shown(`notes.find: other ${'é'.repeat(50)} [cut]`)).observed).toMatch(/does not show the start of the arguments/);
    expect(check(shown(`other call ${'é'.repeat(50)} [cut]`)).observed).toMatch(/shows anything of call #1 \(docs notes.find\)/);
  });

  test('a declined message must reach no model request; a confirmed one must reach one', () => {
    const obs = observations({ unknownGates: ['g1', 'g2'], modelRequests: [asked(0, 'Run it.'), asked(1, 'second')] });
    expect(messageNeverSent('first', 3)(obs).verdict).toBe('PASS');
    expect(messageNeverSent('second', 3)(obs).verdict).toBe('FAIL');
    expect(messageSentAfterGates('second', 2)(obs).verdict).toBe('PASS');
    expect(messageSentAfterGates('second', 3)(obs).observed).toMatch(/^not reached/);
  });
});

describe('confirmationShowed', () => {
  const offered = [modelRequest(0, [], [fn('mcp_docs_notes_find')])];
  const shown = (text: string, fields: Observations['approvals'][number]['fields'] = {}) =>
    observations({ modelRequests: offered, approvals: [approval('deny', 1, 2, text, fields)] });
  const tool = confirmationShowed(ofDocs, 'tool', () => 'notes.find');
  test('the value standing alone in the request text passes, in any punctuation', () => {
    expect(outcome(tool(shown('Call mcp_docs_notes_find?\n  tool: notes.find\n  server: docs')))).toBe('PASS');
    expect(outcome(confirmationShowed(ofDocs, 'server', () => 'docs')(shown('Run "notes.find" on [docs]?')))).toBe('PASS');
  });

  test("the adapter's reading of the field is compared exactly, blanks aside", () => {
    expect(outcome(tool(shown('', { tool: ' notes.find ' })))).toBe('PASS');
    expect(tool(shown('notes.find', { tool: 'notes_find' })).observed).toBe(
      'approval request #1 (of call #1 (docs notes.find)): tool shown as "notes_find", expected "notes.find"',
    );
  });

  test('a value only inside the offered name, or inside a longer one, fails', () => {
    expect(outcome(tool(shown('Call mcp_docs_notes_find? [y/N]')))).toBe('FAIL');
    expect(outcome(tool(shown('tool: notes.finder')))).toBe('FAIL');
    expect(outcome(confirmationShowed(ofDocs, 'server', () => 'docs')(shown('server: mydocs-2')))).toBe('FAIL');
  });

  test('an offered tool without a name takes nothing out of the request text', () => {
    const request = observations({
      modelRequests: [modelRequest(0, [], [fn('mcp_docs_notes_find'), fn('')])],
      approvals: [approval('deny', 1, 2, 'Tool: docs/notes.find', {})],
    });
    expect(outcome(tool(request))).toBe('PASS');
  });

  test('is not reached without that approval request', () => {
    expect(outcome(tool(observations()))).toBe('NOT-REACHED');
  });

  test('reads the request about the call, in whichever order the host asked for the calls of one response', () => {
    const grepFirst = observations({
      modelRequests: offered,
      approvals: [
        approval('deny', 1, 2, 'grep\n  tool call: local-grep\n  rawInput: {"pattern":"TODO"}'),
        approval('deny', 3, 4, 'notes.find (docs MCP Server)'),
      ],
    });
    expect(tool(grepFirst).observed).toBe('approval request #2 (of call #1 (docs notes.find)) shows tool "notes.find"');
    expect(outcome(confirmationShowed(ofGrep, 'tool', () => 'grep')(grepFirst))).toBe('PASS');
  });

  test('fails when no request shows anything of the call, and is not reached when the script stopped before its end', () => {
    const nothing = { modelRequests: offered, approvals: [approval('deny', 1, 2, 'Allow? [y/N]')] };
    expect(tool(observations(nothing)).observed).toMatch(/^none of the 1 approval request\(s\) shows anything of call #1/);
    expect(outcome(tool(observations({ ...nothing, script: stoppedAt(2) })))).toBe('NOT-REACHED');
  });
});

describe('confirmationShowedCommandLine', () => {
  const local = { local: { name: 'local', transport: 'stdio' as const, destination: '/usr/bin/node /srv/main.js --journal 127.0.0.1:9', journal: [] } };
  const shown = (text: string, fields: Observations['approvals'][number]['fields'] = {}) =>
    observations({ servers: local, approvals: [approval('deny', 1, 2, text, fields)] });
  const grade = confirmationShowedCommandLine(ofGrep, 'local');
  test('the command and every argument in order pass, however quoted', () => {
    expect(outcome(grade(shown('Run grep?\nDestination: /usr/bin/node /srv/main.js --journal 127.0.0.1:9')))).toBe('PASS');
    expect(outcome(grade(shown('Run grep?', { destination: '["/usr/bin/node", "/srv/main.js", "--journal", "127.0.0.1:9"]' })))).toBe('PASS');
  });

  test('the command without its arguments, or the arguments out of order, fail', () => {
    expect(grade(shown('Run grep?', { destination: '/usr/bin/node' })).observed).toMatch(/does not show the whole command line/);
    expect(outcome(grade(shown('grep: 127.0.0.1:9 --journal /srv/main.js /usr/bin/node')))).toBe('FAIL');
  });

  test('is not reached without that approval request', () => {
    expect(outcome(grade(observations({ servers: local })))).toBe('NOT-REACHED');
  });
});

describe('confirmationSays', () => {
  const says = confirmationSays(ofDocs, /cannot control/i, 'warns');
  test('a request matching the pattern passes, one not matching fails', () => {
    expect(outcome(says(observations({ approvals: [approval('deny', 1, 2, 'The host cannot control what docs does. Run? [y/N]')] })))).toBe('PASS');
    expect(outcome(says(observations({ approvals: [approval('deny', 1, 2, 'Run notes.find? [y/N]')] })))).toBe('FAIL');
  });

  test('is not reached without that approval request', () => {
    expect(outcome(says(observations()))).toBe('NOT-REACHED');
    expect(outcome(says(observations({ approvals: [approval('deny', 1, 2, 'grep: the host cannot control local')], script: stoppedAt(2) })))).toBe(
      'NOT-REACHED',
    );
  });
});

describe('confirmationArgumentsCut and confirmationArgumentsWhole', () => {
  const shown = (text: string) => observations({ approvals: [approval('deny', 0, 0, text)] });
  const cut = confirmationArgumentsCut(ofDocs, { head: 'HEAD', tail: 'TAIL', pad: 'é', marker: /\bcut\b|truncat/i }, { minBytes: 80, maxBytes: 100 });
  test('a cut at exactly the bounds passes; one pad character past the upper bound, or short of the lower, fails', () => {
    expect(outcome(cut(shown(`HEAD ${'é'.repeat(50)} [cut]`)))).toBe('PASS');
    expect(outcome(cut(shown(`HEAD ${'é'.repeat(40)} [cut]`)))).toBe('PASS');
    expect(cut(shown(`HEAD ${'é'.repeat(51)} [cut]`)).observed).toBe(
      'approval request #1 (of call #1 (docs notes.find)): 102 bytes of the padding shown, more than 100',
    );
    expect(cut(shown(`HEAD ${'é'.repeat(39)} [cut]`)).observed).toMatch(/only 78 bytes/);
  });

  test('a cut without a marker fails, also when the words after it merely contain "cut"', () => {
    expect(cut(shown(`HEAD ${'é'.repeat(50)}\nRun? [y/N]`)).observed).toMatch(/no cut marker/);
    expect(outcome(cut(shown(`HEAD ${'é'.repeat(50)}\nThe host cannot control what the server will execute.`)))).toBe('FAIL');
  });

  test('is not reached without that approval request', () => {
    expect(outcome(cut(observations()))).toBe('NOT-REACHED');
  });

  const whole = confirmationArgumentsWhole(
    callsAbout([{ server: 'docs', tool: 'notes.find', arguments: { q: 'HEAD', pad: 'é'.repeat(10), last: 'TAIL' } }], () => true),
  );
  test('arguments under the cut pass shown whole, also wrapped over lines or a box; a value cut anywhere fails', () => {
    expect(outcome(whole(shown(`{"q": "HEAD", "pad": "${'é'.repeat(10)}", "last": "TAIL"}`)))).toBe('PASS');
    expect(outcome(whole(shown(`│ {"q": "HEAD", "pad": "${'é'.repeat(6)} │\n│ ${'é'.repeat(4)}", "last": "TAIL"} │`)))).toBe('PASS');
    expect(outcome(whole(shown(`{"q": "HEAD", "pad": "${'\\u00e9'.repeat(10)}", "last": "TAIL"}`)))).toBe('PASS');
    // A full-screen host wraps rows by cursor address: the escapes between rows are layout too.
    expect(outcome(whole(shown(`\u001b[5;1H│ {"q": "HEAD", "pad": "${'é'.repeat(6)}\u001b[K\u001b[6;1H│ ${'é'.repeat(4)}", "last": "TAIL"}\u001b[K`)))).toBe(
      'PASS',
    );
    expect(whole(shown(`{"q": "HEAD", "pad": "${'é'.repeat(10)}... [cut]`)).observed).toMatch(/does not show whole the argument value\(s\) "TAIL"/);
    expect(whole(shown(`{"q": "HEAD", "pad": "${'é'.repeat(6)}…", "last": "TAIL"}`)).observed).toMatch(/"éééééééééé"/);
    expect(whole(shown('{"q": "other", "last": "TAIL"}')).observed).toMatch(/"HEAD"/);
    expect(outcome(whole(observations()))).toBe('NOT-REACHED');
  });
});

describe('confirmationCutWhenFormatted', () => {
  const shown = (text: string) => observations({ approvals: [approval('deny', 0, 0, text)] });
  const check = confirmationCutWhenFormatted(ofDocs, { head: 'HEAD', tail: 'TAIL', marker: /\bcut\b|truncat/i });
  test('the start shown, the end not, the cut marked passes; the end shown or no marker fails', () => {
    expect(outcome(check(shown('{\n  "q": "HEAD",\n  "rows": [\n    [\n      0,\n... [cut: 2040 of 6000 bytes shown]')))).toBe('PASS');
    expect(check(shown('{\n  "q": "HEAD",\n  "rows": [],\n  "last": "TAIL"\n}')).observed).toMatch(/the end "TAIL" is shown/);
    expect(check(shown('{\n  "q": "HEAD",\n  "rows": [\n    [\n      0,')).observed).toMatch(/no cut marker/);
  });

  test('is not reached without that approval request', () => {
    expect(outcome(check(observations()))).toBe('NOT-REACHED');
  });
});

describe('callsOneAfterAnother', () => {
  test('a call answered with a JSON-RPC error still ends its turn', () => {
    const error = (id: number) => ({ ...reply(id), message: { jsonrpc: '2.0', id, error: { code: -1, message: 'x' } } });
    expect(outcome(callsOneAfterAnother('docs', 2)(withJournal([callIn(1), error(1), callIn(2), answer(2)])))).toBe('PASS');
  });

  test('a progress notification is not the answer that lets the next call go', () => {
    const progress = { ...reply(1), message: { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1 } } };
    expect(outcome(callsOneAfterAnother('docs', 2)(withJournal([callIn(1), progress, callIn(2), answer(1), answer(2)])))).toBe('FAIL');
  });
});

describe('toolOutputHas and its rules', () => {
  const out = (text: string) => observations({ toolOutputs: [output(0, 'completed', text)] });
  test('every rule must hold; the failure names each one missed', () => {
    const check = toolOutputHas(0, [contains('a1'), matches(/omitted/, 'marks it omitted')]);
    expect(outcome(check(out('a1 [image omitted]')))).toBe('PASS');
    expect(check(out('nothing')).observed).toBe('tool output #1: not contains "a1"; not marks it omitted');
  });

  test('atMostBytes counts UTF-8 bytes: exactly the bound passes, one byte more fails', () => {
    expect(atMostBytes(4).ok('éé')).toBe(true);
    expect(atMostBytes(4).ok('ééa')).toBe(false);
    expect(atMostBytes(4).ok('aaaa')).toBe(true);
  });

  test('is not reached when that output never reached the model', () => {
    expect(outcome(toolOutputHas(1, [contains('x')])(out('x')))).toBe('NOT-REACHED');
  });

  test('wholeStamped needs every block once and in order: first and last blocks alone do not make a text whole', () => {
    const text = stampedText(1024, 'utf8-3');
    expect(wholeStamped(1024).ok(`Output:\n${text}`)).toBe(true);
    const middleDropped = text.slice(0, text.indexOf(stampAt(256))) + '\n[...]\n' + text.slice(text.indexOf(stampAt(768)));
    expect(wholeStamped(1024).ok(middleDropped)).toBe(false);
    expect(wholeStamped(1024).ok(text.slice(0, -64))).toBe(false);
  });

  test('stampedHead accepts a prefix of at least n blocks, not a head with its tail or a tail alone', () => {
    const text = stampedText(1024, 'ascii');
    expect(stampedHead(2).ok(`${text.slice(0, 200)}\n[truncated]`)).toBe(true);
    expect(stampedHead(2).ok(text.slice(0, 60))).toBe(false);
    expect(stampedHead(2).ok(text.slice(0, 200) + text.slice(900))).toBe(false);
    expect(stampedHead(2).ok(text.slice(500))).toBe(false);
  });
});

describe('modelNeverSaw', () => {
  const run = (input: unknown[]) =>
    modelNeverSaw(['QUJD'], 'the base64')(observations({ toolOutputs: [output(0, 'completed')], modelRequests: [modelRequest(0, input)] }));
  test('passes when no request holds the text', () => {
    expect(outcome(run([userMessage('[image omitted]')]))).toBe('PASS');
  });

  test('fails on the text anywhere in a request, an input image included', () => {
    expect(run([{ type: 'message', role: 'user', content: [{ type: 'input_image', image_url: 'data:image/png;base64,QUJD' }] }]).observed).toBe(
      'model request(s) #1 contain the base64',
    );
  });

  test('is not reached until a tool output reached the model', () => {
    expect(outcome(modelNeverSaw(['QUJD'], 'x')(observations({ modelRequests: [modelRequest(0)] })))).toBe('NOT-REACHED');
  });
});

describe('serverNeverGot', () => {
  test('passes without the method once a call was sent, fails with it', () => {
    expect(outcome(serverNeverGot('docs', 'resources/read')(withJournal([callIn(1), answer(1)])))).toBe('PASS');
    expect(serverNeverGot('docs', 'resources/read')(withJournal([callIn(1), answer(1), request('resources/read', 2)])).observed).toBe(
      'server docs received 1 resources/read',
    );
  });

  test('is not reached when the server never got a call', () => {
    expect(outcome(serverNeverGot('docs', 'resources/read')(withJournal([request('resources/read', 2)])))).toBe('NOT-REACHED');
  });
});

describe('messageNeverSent', () => {
  const run = (over: Partial<Observations>) => messageNeverSent('held-1', 3)(observations({ modelRequests: [asked(0, 'Run it.')], ...over }));
  test('passes when the user declined and the message reached no request', () => {
    expect(outcome(run({ script: { completed: 5, stoppedAt: null } }))).toBe('PASS');
  });

  test('fails when the message reached the model, in any role, even if the script stopped right after typing it', () => {
    expect(outcome(run({ modelRequests: [asked(0, 'Run it.'), modelRequest(1, [{ role: 'developer', content: 'held-1' }])] }))).toBe('FAIL');
    expect(outcome(run({ script: stoppedAt(3, 'no unknown-outcome confirmation within 5000 ms'), modelRequests: [asked(0, 'x'), asked(1, 'held-1')] }))).toBe(
      'FAIL',
    );
  });

  test('is not reached until the message was typed', () => {
    expect(outcome(run({ script: stoppedAt(2) }))).toBe('NOT-REACHED');
  });

  test('is not reached when nothing was asked or declined after typing it (a host that died on it sent nothing either)', () => {
    expect(outcome(run({ script: stoppedAt(3, 'no unknown-outcome confirmation within 5000 ms'), exits: [exit(1)] }))).toBe('NOT-REACHED');
  });
});

describe('messageSentAfterGates and unknownGateShown', () => {
  const gated = (over: Partial<Observations>) =>
    observations({ unknownGates: ['Confirm?', 'Confirm?'], modelRequests: [asked(0, 'go'), asked(1, 'sent-1')], ...over });
  test('the message reaching the model after the confirmations passes; never reaching it fails', () => {
    expect(outcome(messageSentAfterGates('sent-1', 2)(gated({})))).toBe('PASS');
    expect(messageSentAfterGates('missing', 2)(gated({})).observed).toMatch(/never reached the model after the user confirmed/);
  });

  test('a host without an unknown-outcome confirmation fails; fewer confirmations than needed is not reached', () => {
    expect(outcome(messageSentAfterGates('sent-1', 2)(gated({ host: { ...observations().host, unknownGate: false } })))).toBe('FAIL');
    expect(outcome(messageSentAfterGates('sent-1', 2)(gated({ unknownGates: ['Confirm?'] })))).toBe('NOT-REACHED');
  });

  test('a confirmation owed (an unknown outcome reached the model, the user typed on and waits for it) that never came fails', () => {
    const waiting = { step: 4, what: 'unknownGate: "approve"', reason: 'no unknown-outcome confirmation within 5000 ms' };
    const g = messageSentAfterGates(
      'sent-1',
      1,
    )(gated({ unknownGates: [], toolOutputs: [output(0, 'unknown')], script: { completed: 3, stoppedAt: waiting } }));
    expect(outcome(g)).toBe('NEVER-HAPPENED');
    expect(g.observed).toMatch(/^never happened: unknown-outcome confirmation #1 of 1, owed since 1 unknown outcome\(s\) reached the model/);
    // A decline keeps the gate armed: the confirmation for the message after it is owed as well.
    const afterDecline = gated({
      unknownGates: ['Confirm?'],
      toolOutputs: [output(0, 'unknown')],
      script: { completed: 5, stoppedAt: { ...waiting, step: 6 } },
    });
    expect(outcome(messageSentAfterGates('sent-1', 2)(afterDecline))).toBe('NEVER-HAPPENED');
    // No unknown outcome yet (the call never ended): not owed.
    expect(outcome(messageSentAfterGates('sent-1', 1)(gated({ unknownGates: [], toolOutputs: [], script: { completed: 3, stoppedAt: waiting } })))).toBe(
      'NOT-REACHED',
    );
  });

  test('exactly that many confirmations and a host that kept running pass; one fewer, one more, or a killed host fail', () => {
    expect(outcome(unknownGateShown(2)(gated({ exits: [exit(0)] })))).toBe('PASS');
    expect(unknownGateShown(2)(gated({ unknownGates: ['c'] })).observed).toBe('1 unknown-outcome confirmation(s) shown, expected 2');
    expect(outcome(unknownGateShown(2)(gated({ unknownGates: ['c', 'c', 'c'] })))).toBe('FAIL');
    expect(unknownGateShown(2)(gated({ exits: [exit(null, true)] })).observed).toBe('the host had to be killed by the harness');
    expect(outcome(unknownGateShown(2)(gated({ host: { ...observations().host, unknownGate: false } })))).toBe('FAIL');
  });

  test('after one outcome in particular: graded only once that output reached the model as unknown', () => {
    const after = unknownGateShownAfter(0, 2);
    expect(outcome(after(gated({ toolOutputs: [output(1, 'unknown')] })))).toBe('PASS');
    expect(outcome(after(gated({ toolOutputs: [output(1, 'unknown')], unknownGates: [] })))).toBe('FAIL');
    expect(outcome(after(gated({ toolOutputs: [output(1, 'failed')], unknownGates: [] })))).toBe('NOT-REACHED');
    expect(outcome(after(gated({ toolOutputs: [], unknownGates: [] })))).toBe('NOT-REACHED');
  });
});

describe('unknownOutcomeChecks', () => {
  test('grade status unknown and the warning on call #1, and one call at the server when a resend could reach it', () => {
    const checks = unknownOutcomeChecks('docs', 'RESULT-4', 'the deadline', true);
    expect(checks.map((c) => c.id)).toEqual(['model-told-unknown', 'unknown-says-may-have-acted', 'sent-once']);
    const obs = observations({
      toolOutputs: [output(1, 'unknown', 'The server may have acted; do not retry.')],
      servers: server('docs', [callIn(1), callIn(2)]),
    });
    expect(checks.map((c) => outcome(c.grade(obs)))).toEqual(['PASS', 'PASS', 'FAIL']);
    expect(unknownOutcomeChecks('docs', 'RESULT-5', 'a drop', false).map((c) => c.id)).not.toContain('sent-once');
  });
});

describe('noStreamReopenedAfterDrop (UNKNOWN-1)', () => {
  // A fault entry in journal order (the fixture's sequence numbers are shared across entries).
  const crash = (): JournalEntry => ({ ...entry('jsonrpc-out', {}), kind: 'fault', what: 'tools/call crash' }) as JournalEntry;
  const opened = (method: string) => [request(method, 1, 1), entry('jsonrpc-out', { jsonrpc: '2.0', id: 1, result: {} }, 2), request('tools/call', 2, 3)];
  const grade = (journal: JournalEntry[]) => noStreamReopenedAfterDrop('docs')(observations({ servers: server('docs', journal) }));

  test('a GET after the drop fails on either revision; none passes after initialize and does not apply after server/discover', () => {
    expect(grade([...opened('initialize'), crash()]).verdict).toBe('PASS');
    expect(grade([...opened('initialize'), crash(), httpRequest('/mcp', 'GET')]).verdict).toBe('FAIL');
    expect(grade([...opened('server/discover'), crash()])).toMatchObject({ unsupported: true });
    expect(grade([...opened('server/discover'), crash(), httpRequest('/mcp', 'GET')]).verdict).toBe('FAIL');
  });

  test('a host claiming 2026-07-28 in its own _meta on an initialized connection is still graded', () => {
    const claimed = request('tools/call', 2, 3, { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } });
    const graded = grade([...opened('initialize').slice(0, 2), { ...claimed, revision: '2026-07-28' } as JournalEntry, crash()]);
    expect(graded).toMatchObject({ verdict: 'PASS' });
    expect(graded.unsupported).toBeUndefined();
  });
});
