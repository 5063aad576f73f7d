// Checks for APPROVE-5/6, RESULT-1..9 and UNKNOWN-2: what a confirmation showed, the order
// of calls at the server, what a tool output told the model and which user messages the
// model received. Each states its precondition and returns "not reached" when it never happened.
import type { CallStatus } from '../adapters/host-adapter.js';
import type { JournalEntry } from '../../fake-servers/mcp/journal.js';
import { stampedPrefixFault, stampedText, stampsIn } from '../../fake-servers/mcp/stamped-text.js';
import { acceptedOpenings } from '../../fake-servers/mcp/journal-discovery.js';
import { MODERN_REVISION } from '../../fake-servers/mcp/protocol-revision.js';
import {
  approvalEvidence,
  fail,
  journalEvidence,
  modelRequestEvidence,
  neverHappened,
  note,
  notReached,
  outputEvidence,
  pass,
  statusUnreadable,
  unsupported,
} from './evidence.js';
import type { Observations } from './observations.js';
import { modelSawStatus, serverGotToolCalls, showsCommandLine, type GradeFn } from './check-helpers.js';
import { type Grade, type ScenarioInput, applying, type Thresholds } from './scenario-schema.js';
import { confirmationOf, describeCalls, outputAt, standsAlone, stringLeaves, type CallsAbout, type OutputRef } from './call-of.js';
import { outputNotReached } from './outcome-owed.js';
import { withoutCsi } from './hostile-text.js';

type CheckInput = ScenarioInput['checks'][number];

type Field = keyof Observations['approvals'][number]['fields'];
type Shown = Observations['approvals'][number];

/**
 * What approval request #index showed, with every name offered to the model taken out: an
 * exposed name like mcp_docs_notes_find holds the server's and the tool's names, and showing
 * it is not showing them.
 */
function shownWithoutOfferedNames(obs: Observations, index: number): string {
  // A tool without a name (Codex's web_search entry) names nothing: splitting at "" would space out every character.
  const names = [...new Set(obs.modelRequests.flatMap((r) => r.tools.flatMap((t) => [t.name, ...(t.namespace === undefined ? [] : [t.namespace])])))].filter(
    (n) => n !== '',
  );
  const text = obs.approvals[index]?.text ?? '';
  return names.sort((a, b) => b.length - a.length).reduce((rest, name) => rest.split(name).join(' '), text);
}

/**
 * Grades the approval request about `calls` (found by what it shows of them: call-of.ts);
 * "not reached" when no request was shown or the script stopped before its end, else FAIL when
 * none shows anything of those calls.
 */
function gradeConfirmationOf(calls: CallsAbout, grade: (shown: Shown, index: number, name: string, obs: Observations) => Grade): GradeFn {
  return (obs) => {
    if (obs.approvals.length === 0) return notReached(`no approval request was shown (for ${describeCalls(calls)})`, obs);
    const index = confirmationOf(obs, calls);
    const shown = index === null ? undefined : obs.approvals[index];
    if (index === null || shown === undefined) {
      if (obs.script.stoppedAt !== null) return notReached(`no approval request shows anything of ${describeCalls(calls)}`, obs);
      const evidence = obs.approvals.map((_, i) => approvalEvidence(obs, i));
      return fail(
        `none of the ${obs.approvals.length} approval request(s) shows anything of ${describeCalls(calls)} (its arguments, offered name, server or tool): none can be told to be its confirmation`,
        evidence,
      );
    }
    return grade(shown, index, `approval request #${index + 1} (of ${describeCalls(calls)})`, obs);
  };
}

/**
 * The approval request about `calls` showed `field` equal to `expected`: the adapter's reading
 * of that field when it has one, else the value standing alone in the request text.
 */
export function confirmationShowed(calls: CallsAbout, field: Field, expected: (obs: Observations) => string): GradeFn {
  return gradeConfirmationOf(calls, (shown, index, name, obs) => {
    const want = expected(obs);
    const got = shown.fields[field];
    const evidence = [approvalEvidence(obs, index)];
    if (got !== undefined)
      return got.trim() === want
        ? pass(`${name}: ${field} ${JSON.stringify(got)}`, evidence)
        : fail(`${name}: ${field} shown as ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`, evidence);
    return standsAlone(shownWithoutOfferedNames(obs, index), want)
      ? pass(`${name} shows ${field} ${JSON.stringify(want)}`, evidence)
      : fail(`${name} does not show ${field} ${JSON.stringify(want)} (an offered name holding it does not count)`, evidence);
  });
}

/**
 * The approval request about `calls` (to stdio server `server`) showed its whole command line
 * as the destination (APPROVE-5): the adapter's destination field when it has one, else the
 * request text; the command and every argument in order, however quoted.
 */
export function confirmationShowedCommandLine(calls: CallsAbout, server: string): GradeFn {
  return gradeConfirmationOf(calls, (shown, index, name, obs) => {
    const commandLine = obs.servers[server]?.destination ?? '(unknown)';
    const evidence = [approvalEvidence(obs, index)];
    return showsCommandLine(shown.fields.destination ?? shown.text, commandLine)
      ? pass(`${name} shows the command line of ${server}`, evidence)
      : fail(`${name} does not show the whole command line ${JSON.stringify(commandLine)}`, evidence);
  });
}

/** The text of the approval request about `calls` matches `pattern` (e.g. the warning). */
export function confirmationSays(calls: CallsAbout, pattern: RegExp, what: string): GradeFn {
  return gradeConfirmationOf(calls, (shown, index, name, obs) => {
    const evidence = [approvalEvidence(obs, index)];
    return pattern.test(shown.text) ? pass(`${name} ${what}`, evidence) : fail(`${name} does not match ${pattern} (${what})`, evidence);
  });
}

/** How arguments built around a run of one padding character look when a host shows them. */
export interface ArgumentDisplay {
  /** A value from the start of the arguments: the request must be about this call. */
  head: string;
  /** The last value: shown only when nothing was cut. */
  tail: string;
  /** The padding character (multi-byte, so a host counting characters is told from one counting bytes). */
  pad: string;
  /** How the cut may be marked. */
  marker: RegExp;
}

/** `text` with `pad` written back where a host showed it as a \\uXXXX escape. */
function unescapePad(text: string, pad: string): string {
  const escape = `\\u${(pad.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`;
  return text.replace(new RegExp(escape.replace(/\\/g, '\\\\'), 'gi'), pad);
}

/** UTF-8 bytes of the longest run of `pad` in `text`. */
function padBytesShown(text: string, pad: string): number {
  const runs = [...text.matchAll(new RegExp(`(?:${pad})+`, 'g'))].map((m) => m[0].length / pad.length);
  return Math.max(0, ...runs) * Buffer.byteLength(pad, 'utf8');
}

/**
 * APPROVE-5: the approval request about `calls` shows the arguments from their start, cut at
 * about `maxBytes` UTF-8 bytes (between `minBytes` and `maxBytes` of the padding shown), the cut
 * marked and the end not shown. Reads the adapter's arguments field, else the request text.
 */
export function confirmationArgumentsCut(calls: CallsAbout, display: ArgumentDisplay, bounds: { minBytes: number; maxBytes: number }): GradeFn {
  return applying(
    { ...bounds, marker: String(display.marker) },
    gradeConfirmationOf(calls, (shown, index, name, obs) => {
      const args = unescapePad(shown.fields.arguments ?? shown.text, display.pad);
      const evidence = [approvalEvidence(obs, index)];
      if (!args.includes(display.head))
        return fail(`${name} does not show the start of the arguments the model asked for (${JSON.stringify(display.head)})`, evidence);
      const padBytes = padBytesShown(args, display.pad);
      const afterPad = args.slice(args.lastIndexOf(display.pad) + 1);
      const problems = [
        args.includes(display.tail) ? `the end ${JSON.stringify(display.tail)} is shown` : '',
        padBytes > bounds.maxBytes ? `${padBytes} bytes of the padding shown, more than ${bounds.maxBytes}` : '',
        padBytes < bounds.minBytes ? `only ${padBytes} bytes of the padding shown: cut well before ${bounds.maxBytes}` : '',
        display.marker.test(afterPad.slice(0, 300)) ? '' : `no cut marker matching ${display.marker} after what is shown`,
      ].filter(Boolean);
      return problems.length === 0
        ? pass(`${name}: ${padBytes} bytes of the padding shown, the cut marked, the end not shown`, evidence)
        : fail(`${name}: ${problems.join('; ')}`, evidence);
    }),
  );
}

/**
 * APPROVE-5 on the formatted form: arguments that fit in 2 KiB compact but run far past it once
 * laid out (small values nested deep) are cut too: their start shown, their end not, the cut
 * marked. Reads the adapter's arguments field, else the request text.
 */
export function confirmationCutWhenFormatted(calls: CallsAbout, display: Pick<ArgumentDisplay, 'head' | 'tail' | 'marker'>): GradeFn {
  return applying(
    { marker: String(display.marker) },
    gradeConfirmationOf(calls, (shown, index, name, obs) => {
      const args = shown.fields.arguments ?? shown.text;
      const evidence = [approvalEvidence(obs, index)];
      const at = args.indexOf(display.head);
      if (at < 0) return fail(`${name} does not show the start of the arguments the model asked for (${JSON.stringify(display.head)})`, evidence);
      const problems = [
        shownWhole(args, display.tail) ? `the end ${JSON.stringify(display.tail)} is shown: the formatted arguments were not cut` : '',
        display.marker.test(args.slice(at)) ? '' : `no cut marker matching ${display.marker} after the start of the arguments`,
      ].filter(Boolean);
      return problems.length === 0
        ? pass(`${name}: the formatted arguments are cut before their end, the cut marked`, evidence)
        : fail(`${name}: ${problems.join('; ')}`, evidence);
    }),
  );
}

/**
 * APPROVE-5 at the bound: arguments under the cut are shown whole: every value of the call's
 * arguments in full, the middle as well as both ends (a value cut at a box's width is cut).
 */
export function confirmationArgumentsWhole(calls: CallsAbout): GradeFn {
  const values = calls.about.flatMap((c) => (typeof c.arguments === 'string' ? [c.arguments] : stringLeaves(c.arguments))).filter((v) => v !== '');
  return gradeConfirmationOf(calls, (shown, index, name, obs) => {
    const args = shown.fields.arguments ?? shown.text;
    const evidence = [approvalEvidence(obs, index)];
    const cut = values.filter((v) => !shownWhole(args, v));
    if (cut.length === 0) return pass(`${name} shows every argument value whole (${values.length})`, evidence);
    const describe = (v: string): string => (v.length > 40 ? `${JSON.stringify(v.slice(0, 20))}… (${v.length} characters)` : JSON.stringify(v));
    return fail(`${name} does not show whole the argument value(s) ${cut.map(describe).join(', ')} of arguments under the cut`, evidence);
  });
}

/** What a confirmation may lay inside a long value: line breaks, indentation, a box's borders (U+2500-U+257F). */
const LAYOUT = /[\s\u2500-\u257f]/gu;

/** `value` stands in `text` in full, as written, JSON-escaped or with \uXXXX escapes, wrapped however the text is laid out (a full-screen host's cursor moves included). */
function shownWhole(text: string, value: string): boolean {
  const flat = withoutCsi(text).replace(LAYOUT, '');
  const json = JSON.stringify(value).slice(1, -1);
  const ascii = json.replace(/[^\x00-\x7f]/g, (c) => `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`);
  return [value, json, ascii].some((form) => flat.includes(form.replace(LAYOUT, '')));
}

const callsIn = (journal: JournalEntry[]): Extract<JournalEntry, { kind: 'jsonrpc-in' }>[] =>
  journal.filter((e): e is Extract<JournalEntry, { kind: 'jsonrpc-in' }> => e.kind === 'jsonrpc-in' && e.message.method === 'tools/call');

/** APPROVE-6: each tools/call after the first arrived only after the server had answered the one before. */
export function callsOneAfterAnother(server: string, count: number): GradeFn {
  return (obs) => {
    const journal = obs.servers[server]?.journal ?? [];
    const calls = callsIn(journal);
    const evidence = [journalEvidence(obs, server, (e) => e.kind === 'jsonrpc-in' || e.kind === 'jsonrpc-out')];
    if (calls.length < count) return notReached(`server ${server} received ${calls.length} of ${count} tools/call`, obs);
    for (let i = 1; i < calls.length; i++) {
      const previous = calls[i - 1];
      const answer = journal.find((e) => e.kind === 'jsonrpc-out' && e.message.id === previous?.message.id && ('result' in e.message || 'error' in e.message));
      const current = calls[i];
      if (answer === undefined || current === undefined || answer.seq > current.seq) {
        return fail(`tools/call #${i + 1} reached ${server} before the server had answered tools/call #${i}`, evidence);
      }
    }
    return pass(`${calls.length} tools/call reached ${server}, each after the answer to the one before`, evidence);
  };
}

/**
 * A tool output (the call-th, 0-based, or the one answering `calls`) satisfies every predicate;
 * `what` names each. The predicates read the text the model got (its API's framing aside).
 */
/** A predicate on the text of a tool output; `applied` names a bound it applies (shown in the report). */
export interface OutputRule {
  what: string;
  ok: (output: string) => boolean;
  applied?: Thresholds;
}

export function toolOutputHas(ref: OutputRef, rules: readonly OutputRule[], only?: CallStatus): GradeFn {
  return applying(Object.assign({}, ...rules.map((r) => r.applied ?? {})) as Thresholds, (obs) => {
    const { out, name } = outputAt(obs, ref);
    if (out === undefined) return outputNotReached(`${name} never reached the model`, obs);
    // Rules about a kind of result (what an output_limit result keeps) say nothing of another kind: a whole text trivially "keeps its head".
    if (only !== undefined && out.status === null) return statusUnreadable([{ name, out }], obs);
    if (only !== undefined && out.status !== only) return notReached(`${name} as ${only} (its status is ${out.status})`, obs);
    const evidence = outputEvidence(out, 1500);
    const missed = rules.filter((r) => !r.ok(out.text)).map((r) => r.what);
    return missed.length === 0 ? pass(`${name}: ${rules.map((r) => r.what).join('; ')}`, evidence) : fail(`${name}: not ${missed.join('; not ')}`, evidence);
  });
}

/** Rule: `text` is in the output. */
export const contains = (text: string): { what: string; ok: (o: string) => boolean } => ({
  what: `contains ${JSON.stringify(text)}`,
  ok: (o) => o.includes(text),
});
/** Rule: `pattern` matches the output. */
export const matches = (pattern: RegExp, what: string): { what: string; ok: (o: string) => boolean } => ({ what, ok: (o) => pattern.test(o) });
/** Rule: the texts appear in this order. */
export const inOrder = (...parts: string[]): { what: string; ok: (o: string) => boolean } => ({
  what: `holds ${parts.map((p) => JSON.stringify(p)).join(' then ')}`,
  ok: (o) => {
    const at = parts.map((p) => o.indexOf(p));
    return at.every((i, k) => i >= 0 && (k === 0 || i > (at[k - 1] ?? Infinity)));
  },
});
/** Rule: the output holds a stamped text of `bytes` bytes whole: every block once, in order, none left out in the middle. */
export function wholeStamped(bytes: number): { what: string; ok: (o: string) => boolean } {
  const blocks = stampsIn(stampedText(bytes)).length;
  return { what: `holds all ${blocks} blocks of the ${bytes}-byte text, in order`, ok: (o) => stampedPrefixFault(o, blocks) === null };
}
/** Rule: the output holds the first part of a stamped text, at least `blocks` blocks from the start with no gap and nothing from further on (RESULT-8: the first part). */
export const stampedHead = (blocks: number): { what: string; ok: (o: string) => boolean } => ({
  what: `holds the text's first part: blocks from the start in order, at least ${blocks}, no later part`,
  ok: (o) => {
    const count = stampsIn(o).length;
    return count >= blocks && stampedPrefixFault(o, count) === null;
  },
});
/** Rule: the output's UTF-8 size is at most `bytes`. */
export const atMostBytes = (bytes: number): OutputRule => ({
  what: `at most ${bytes} bytes`,
  ok: (o) => Buffer.byteLength(o, 'utf8') <= bytes,
  applied: { maxBytes: bytes },
});

/** The `input` of a model request body (what the evidence shows). */
const inputOf = (body: unknown): unknown => (body as { input?: unknown } | undefined)?.input ?? null;

/** No request to the model contains any of `texts` (anywhere in its body); needs one request with a tool output. */
export function modelNeverSaw(texts: readonly string[], what: string): GradeFn {
  return (obs) => {
    // A result never sent carries no text: nothing to judge, whatever else it breaks.
    if (obs.toolOutputs.length === 0) return notReached('no tool output reached the model', obs);
    const hits = obs.modelRequests.filter((r) => texts.some((t) => JSON.stringify(r.body ?? r.rawBody ?? '').includes(t)));
    return hits.length === 0
      ? pass(`no model request contains ${what}`)
      : fail(
          `model request(s) ${hits.map((r) => `#${r.index + 1}`).join(', ')} contain ${what}`,
          hits.slice(0, 2).map((r) => modelRequestEvidence(obs, r.index, inputOf)),
        );
  };
}

/** The server never received a request of this JSON-RPC method (e.g. resources/read). */
export function serverNeverGot(server: string, method: string): GradeFn {
  return (obs) => {
    const journal = obs.servers[server]?.journal ?? [];
    if (callsIn(journal).length === 0) return notReached(`server ${server} never received a tools/call`, obs);
    const hits = journal.filter((e) => e.kind === 'jsonrpc-in' && e.message.method === method);
    const evidence = [journalEvidence(obs, server, (e) => e.kind === 'jsonrpc-in')];
    return hits.length === 0 ? pass(`server ${server} received no ${method}`, evidence) : fail(`server ${server} received ${hits.length} ${method}`, evidence);
  };
}

/** UNKNOWN-2: the first model request holding user message `text` anywhere (any role, any field), or null. */
function firstRequestWith(obs: Observations, text: string): number | null {
  const hit = obs.modelRequests.find((r) => JSON.stringify(r.body ?? r.rawBody ?? '').includes(text));
  return hit === undefined ? null : hit.index;
}

/** The user message `text` never reached the model; `typed` confirms the script got past typing it. */
export function messageNeverSent(text: string, typedAtStep: number): GradeFn {
  return (obs) => {
    if (obs.script.completed < typedAtStep) return notReached(`the user message ${JSON.stringify(text)} was never typed`, obs);
    const at = firstRequestWith(obs, text);
    const evidence = [note(`${obs.modelRequests.length} model request(s) in all`)];
    // A host that died on the message sent nothing either: only a later step proves it went on.
    if (at === null && obs.script.completed <= typedAtStep)
      return notReached(`the host neither asked nor went on after ${JSON.stringify(text)} was typed`, obs);
    return at === null
      ? pass(`${JSON.stringify(text)} reached no model request`, evidence)
      : fail(`${JSON.stringify(text)} was sent to the model in request #${at + 1}`, [modelRequestEvidence(obs, at, inputOf)]);
  };
}

/**
 * The user message `text` reached the model, after the unknown-outcome confirmation was
 * answered `gates` times. The script waits for a confirmation only where UNKNOWN-2 demands one
 * (after the scenario's call ended unknown, the next message typed; a decline, an empty answer
 * included, keeps it armed): a host that came back to its prompt with an unknown outcome told
 * to the model and then shows none fails ("never happened"); one that never got that far (no
 * unknown outcome, the script stopped elsewhere) is not reached.
 */
export function messageSentAfterGates(text: string, gates: number): GradeFn {
  return (obs) => {
    if (!obs.host.unknownGate) return fail('the host has no unknown-outcome confirmation (its adapter declares none), so nothing was confirmed');
    if (obs.unknownGates.length < gates) {
      const next = obs.unknownGates.length + 1;
      const unknown = obs.toolOutputs.filter((o) => o.status === 'unknown').length;
      const waited = obs.script.stoppedAt?.what.startsWith('unknownGate') === true;
      return waited && unknown > 0
        ? neverHappened(
            `unknown-outcome confirmation #${next} of ${gates}`,
            `${unknown} unknown outcome(s) reached the model and the user typed the next message`,
            obs,
            [note(obs.unknownGates.join('\n') || '(none)', 'unknown-outcome confirmations')],
          )
        : notReached(`unknown-outcome confirmation #${next} of ${gates}`, obs);
    }
    const at = firstRequestWith(obs, text);
    if (at === null)
      return fail(`${JSON.stringify(text)} never reached the model after the user confirmed`, [
        note(obs.unknownGates.join('\n'), 'unknown-outcome confirmations'),
      ]);
    return pass(`${JSON.stringify(text)} reached the model in request #${at + 1}`, [modelRequestEvidence(obs, at, inputOf)]);
  };
}

/** The unknown-outcome confirmation was shown exactly `count` times and the host exited by itself. */
export function unknownGateShown(count: number): GradeFn {
  return (obs) => {
    const evidence = [note(obs.unknownGates.join('\n') || '(none)', 'unknown-outcome confirmations')];
    if (!obs.host.unknownGate) return fail('the host has no unknown-outcome confirmation (its adapter declares none)', evidence);
    if (obs.unknownGates.length !== count) return fail(`${obs.unknownGates.length} unknown-outcome confirmation(s) shown, expected ${count}`, evidence);
    const killed = obs.exits.some((e) => e.killedByHarness);
    return killed
      ? fail('the host had to be killed by the harness', evidence)
      : pass(`${count} unknown-outcome confirmation(s); the host kept running until told to end`, evidence);
  };
}

/**
 * UNKNOWN-2 after one outcome in particular (a resource read, say): `ref`'s output reached the
 * model as unknown, else the check could not look; then `count` confirmations were shown.
 */
export function unknownGateShownAfter(ref: OutputRef, count: number): GradeFn {
  return (obs) => {
    const { out, name } = outputAt(obs, ref);
    if (out === undefined) return outputNotReached(`${name} never reached the model`, obs);
    if (out.status !== 'unknown') return notReached(`${name} reaching the model as unknown (its status: ${out.status ?? 'unreadable'})`, obs);
    return unknownGateShown(count)(obs);
  };
}

/**
 * UNKNOWN-1, no transport-level retry: once a call's crash dropped the server's connections,
 * the server received no GET (the event stream reopened, as a reconnecting transport does).
 */
export function noStreamReopenedAfterDrop(server: string): GradeFn {
  return (obs) => {
    const journal = obs.servers[server]?.journal ?? [];
    const drop = journal.find((e) => e.kind === 'fault' && e.what === 'tools/call crash');
    if (drop === undefined) return notReached(`server ${server} never dropped a call's connections`, obs);
    const reopened = journal.filter((e) => e.kind === 'http-request' && e.method === 'GET' && e.seq > drop.seq);
    const evidence = [journalEvidence(obs, server, (e) => e.kind === 'http-request' || e.kind === 'fault')];
    // 2026-07-28 has no GET event stream: nothing to reopen, so no GET proves nothing there. The
    // server's own acceptance decides the revision (the last opening it answered before the drop), not the host's claim.
    const opened = acceptedOpenings(journal)
      .filter((o) => o.answer.seq < drop.seq)
      .at(-1);
    if (reopened.length === 0 && opened?.request.message.method === 'server/discover')
      return unsupported(`the call went on ${MODERN_REVISION} (server/discover accepted), which has no GET event stream to reopen`, evidence);
    return reopened.length === 0
      ? pass(`no GET reached ${server} after the drop`, evidence)
      : fail(`${reopened.length} GET request(s) reached ${server} after the drop: the event stream was reopened`, evidence);
  };
}

/** RESULT-9: what an unknown output must say. */
export const UNKNOWN_WARNING = [
  matches(/may have|might have|could have/i, 'says the server may have acted'),
  matches(/not (be )?retr|n't retry|never retry/i, 'says not to retry'),
];

/**
 * The checks every "outcome unknown" scenario makes on call #1: status unknown (`guarantee`),
 * the RESULT-9 text, and, where a resend could reach the server, exactly one tools/call.
 */
export function unknownOutcomeChecks(server: string, guarantee: string, cause: string, oneCall: boolean): CheckInput[] {
  const checks: CheckInput[] = [
    {
      id: 'model-told-unknown',
      guarantees: [guarantee],
      expected: `after ${cause} the model receives status unknown`,
      provenBy: ['unknown-as-failed'],
      grade: modelSawStatus(0, 'unknown'),
    },
    {
      id: 'unknown-says-may-have-acted',
      guarantees: ['RESULT-9'],
      expected: 'the unknown output says the server may have acted and that the call must not be retried',
      provenBy: ['unknown-without-warning'],
      grade: toolOutputHas(0, UNKNOWN_WARNING),
    },
  ];
  if (oneCall)
    checks.push({
      id: 'sent-once',
      guarantees: ['UNKNOWN-1'],
      expected: `the server receives exactly one tools/call after ${cause}`,
      provenBy: ['retry-on-unknown'],
      grade: serverGotToolCalls(server, 1),
    });
  return checks;
}
