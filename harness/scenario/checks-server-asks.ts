// Checks of ASK-1..3: what a server asks of the host while one of its calls waits
// (elicitation, sampling, roots). Verdicts read only the fakes' journals (the request the
// server sent and the answer the host wrote back), the mock model's journal and the screen.
// A host that did not declare a capability is UNSUPPORTED for "reaches the user", never a FAIL;
// the scenarios send their asks even then (a misbehaving server), so "only the user answers"
// and "nothing leaks" are graded on every host.
import type { JournalEntry } from '../../fake-servers/mcp/journal.js';
import { CAPABILITY_OF } from '../../fake-servers/mcp/server-asks.js';
import { scanCanaries } from '../sandbox/canaries.js';
import type { GradeFn } from './check-helpers.js';
import { namesWord } from './check-helpers.js';
import { cap, fail, journalEvidence, note, notReached, pass, screenTail, shownText, unsupported } from './evidence.js';
import type { Observations } from './observations.js';

type Method = keyof typeof CAPABILITY_OF;
type Message = Record<string, unknown>;

/** One request the server sent the host, and the host's answer to it (undefined: none yet). */
export interface AskSeen {
  server: string;
  method: Method;
  request: Message;
  answer: Message | undefined;
}

/** The message an elicitation showed its user (both revisions carry it in params). */
const askMessage = (ask: AskSeen): unknown => (ask.request.params as { message?: unknown } | undefined)?.message;

const isAsk = (e: JournalEntry): boolean => e.kind === 'jsonrpc-out' && typeof e.message.method === 'string' && e.message.method in CAPABILITY_OF;

/** A 2025-11-25 ask: a request the server sent; its answer, a message in without a method and with its id. */
function legacyAsks(name: string, journal: readonly JournalEntry[]): AskSeen[] {
  const answers = journal.flatMap((e) => (e.kind === 'jsonrpc-in' && e.message.method === undefined ? [e.message] : []));
  return journal.flatMap((e) => {
    if (e.kind !== 'jsonrpc-out' || !isAsk(e)) return [];
    const id = JSON.stringify(e.message.id);
    return [{ server: name, method: e.message.method as Method, request: e.message, answer: answers.find((a) => JSON.stringify(a.id) === id) }];
  });
}

/** A 2026-07-28 ask: an input request of an input_required result; its answer, the input response of a later re-send. */
function modernAsks(name: string, journal: readonly JournalEntry[]): AskSeen[] {
  return journal.flatMap((e, at) => {
    const result = e.kind === 'jsonrpc-out' ? (e.message.result as { resultType?: unknown; inputRequests?: Record<string, Message> } | undefined) : undefined;
    if (result?.resultType !== 'input_required' || result.inputRequests === undefined) return [];
    return Object.entries(result.inputRequests).flatMap(([key, request]) => {
      if (typeof request.method !== 'string' || !(request.method in CAPABILITY_OF)) return [];
      const resend = journal
        .slice(at + 1)
        .find((r) => r.kind === 'jsonrpc-in' && (r.message.params as { inputResponses?: Message } | undefined)?.inputResponses?.[key] !== undefined);
      const response = resend?.kind === 'jsonrpc-in' ? (resend.message.params as { inputResponses: Message }).inputResponses[key] : undefined;
      return [{ server: name, method: request.method as Method, request, answer: response === undefined ? undefined : { result: response } }];
    });
  });
}

/** Every ask `server` (default: every server) sent, on either revision, with the host's answer. */
export function asksOf(obs: Observations, server?: string, method?: Method): AskSeen[] {
  const names = server === undefined ? Object.keys(obs.servers) : [server];
  return names.flatMap((name) => {
    const journal = obs.servers[name]?.journal ?? [];
    return [...legacyAsks(name, journal), ...modernAsks(name, journal)].filter((a) => method === undefined || a.method === method);
  });
}

const CAPABILITIES_META_KEY = 'io.modelcontextprotocol/clientCapabilities';

/** The capabilities the host declared to `server` (initialize, or a 2026-07-28 request's `_meta`); undefined when it never said. */
export function declaredTo(obs: Observations, server: string): Record<string, unknown> | undefined {
  for (const e of obs.servers[server]?.journal ?? []) {
    if (e.kind !== 'jsonrpc-in' || typeof e.message.method !== 'string') continue;
    const params = e.message.params as { capabilities?: Message; _meta?: Message } | undefined;
    if (e.message.method === 'initialize') return params?.capabilities ?? {};
    const meta = params?._meta?.[CAPABILITIES_META_KEY];
    if (meta !== undefined) return meta as Message;
  }
  return undefined;
}

const askEvidence = (obs: Observations, server: string) => journalEvidence(obs, server, (e) => e.kind === 'jsonrpc-out' || e.kind === 'jsonrpc-in');

/** Lines above an ask's message where a host may name its server (a dialog's title), when no confirmation bounds it. */
const ASK_TITLE_LINES = 4;

/**
 * The screen from the end of the last approval request shown before `at` (the call whose
 * server asks) to the end of the line at `at`: what the user saw of the ask, the call's own
 * confirmation (which names its server too) left out.
 */
function askRegion(obs: Observations, screen: string, at: number): string {
  const lineEnd = screen.indexOf('\n', at);
  const end = lineEnd < 0 ? screen.length : lineEnd;
  const ends = obs.approvals.map((a) => {
    const found = screen.lastIndexOf(a.text, at);
    return found < 0 ? -1 : found + a.text.length;
  });
  const after = Math.max(-1, ...ends);
  if (after >= 0) return screen.slice(after, end);
  // No confirmation found on screen: the message's line and the few before it (a dialog's title).
  let start = at;
  for (let i = 0; i < ASK_TITLE_LINES + 1 && start > 0; i++) start = screen.lastIndexOf('\n', start - 1);
  return screen.slice(Math.max(0, start), end);
}

/** The index of the `nth` (1-based) occurrence of `text` in `screen`; -1 when it is not there that often. */
function nthIndex(screen: string, text: string, nth: number): number {
  let at = -1;
  for (let seen = 0; seen < nth; seen++) {
    at = screen.indexOf(text, at + 1);
    if (at < 0) return -1;
  }
  return at;
}

/**
 * ASK-1: the elicitation `server` sent reached the user: its `message` on screen, with the
 * server named beside it; with `nth`, the nth elicitation of that message (a second ask of the
 * same message must reach the user too) at its nth showing.
 */
export function elicitationShownWithServer(server: string, message: string, nth = 1): GradeFn {
  return (obs) => {
    const declared = declaredTo(obs, server);
    if (declared === undefined) return notReached(`the host never declared its capabilities to server ${server}`, obs);
    if (declared.elicitation === undefined)
      return unsupported(`the host did not declare elicitation to server ${server}, so no elicitation can reach its user`, [askEvidence(obs, server)]);
    const sent = asksOf(obs, server, 'elicitation/create').filter((a) => askMessage(a) === message).length;
    if (sent < nth) return notReached(`server ${server} never sent the elicitation "${message}"${nth > 1 ? ` ${nth} times` : ''}`, obs);
    // The output as written first (approval texts are cut from it), else the rendered terminal.
    const screen = [shownText(obs), obs.screen.rendered ?? ''].find((t) => nthIndex(t, message, nth) >= 0) ?? shownText(obs);
    const at = nthIndex(screen, message, nth);
    if (at < 0)
      return fail(`the elicitation's message "${message}" never showed on screen${nth > 1 ? ` a ${ordinal(nth)} time` : ''}`, [
        askEvidence(obs, server),
        screenTail(obs),
      ]);
    const region = askRegion(obs, screen, at);
    const evidence = [note(cap(region, 1500), 'host screen: the elicitation as shown'), askEvidence(obs, server)];
    return namesWord(region, server)
      ? pass(`the elicitation's message showed on screen with server ${server} named beside it`, evidence)
      : fail(`the elicitation's message showed on screen without naming server ${server}`, evidence);
  };
}

const sameContent = (a: unknown, b: Message): boolean => {
  if (a === null || typeof a !== 'object') return false;
  const got = a as Message;
  return Object.keys(got).length === Object.keys(b).length && Object.entries(b).every(([k, v]) => got[k] === v);
};

/** What the host answered, for the observed line. */
const answerLine = (ask: AskSeen): string => (ask.answer === undefined ? 'no answer' : cap(JSON.stringify(ask.answer.result ?? ask.answer.error), 300));

const ordinal = (n: number): string => (n === 2 ? 'second' : n === 3 ? 'third' : `${n}th`);

/**
 * ASK-1: only the user answered `server`'s elicitations (those with `message`, when given: one
 * of several the user answered differently): every "accept" carries exactly what the user typed
 * (`typed`; null: the user declined, so no accept at all; a list: what the user typed at each
 * of those asks in turn, for the same message asked again). A decline, a cancel, an error (a
 * host without elicitation) or no answer at all (a 2026-07-28 call not re-sent) upholds it.
 */
export function elicitationAnsweredByUserOnly(server: string, typed: Message | null | readonly Message[], message?: string): GradeFn {
  return (obs) => {
    const asks = asksOf(obs, server, 'elicitation/create').filter((a) => message === undefined || askMessage(a) === message);
    const evidence = [askEvidence(obs, server)];
    if (asks.length === 0)
      return notReached(`server ${server} never sent ${message === undefined ? 'elicitation/create' : `the elicitation "${message}"`}`, obs);
    const typedAt = (i: number): Message | null => (Array.isArray(typed) ? ((typed as readonly Message[])[i] ?? null) : (typed as Message | null));
    const foreign = asks.filter((a, i) => {
      const result = a.answer?.result as { action?: unknown; content?: unknown } | undefined;
      const want = typedAt(i);
      return result?.action === 'accept' && (want === null || !sameContent(result.content, want));
    });
    if (foreign.length > 0) {
      const wanted = typed === null ? 'the user declined' : `the user typed ${JSON.stringify(typed)}`;
      return fail(`the host accepted an elicitation with content the user did not give (${wanted}): ${foreign.map(answerLine).join('; ')}`, evidence);
    }
    return pass(`${asks.length} elicitation(s) answered: ${asks.map(answerLine).join('; ')}`, evidence);
  };
}

/** ASK-2: the text of `server`'s sampling request reached no model request (the user never approved one). */
export function samplingKeptFromModel(server: string, text: string): GradeFn {
  return (obs) => {
    const asks = asksOf(obs, server, 'sampling/createMessage');
    if (asks.length === 0) return notReached(`server ${server} never sent sampling/createMessage`, obs);
    if (obs.modelRequests.length === 0) return notReached('the host never sent a request to the model', obs);
    // The call's own result reports the host's answer (which may quote the request): that is tool data, not sampling.
    // As a JSON string inside the body, or (a content array, a Gemini response) as the JSON it was sent as.
    const outputs = obs.toolOutputs.flatMap((o) => [JSON.stringify(o.output).slice(1, -1), o.output]).filter((o) => o !== '');
    const beyondOutputs = (body: unknown): string => outputs.reduce((rest, o) => rest.split(o).join(''), JSON.stringify(body));
    const carrying = obs.modelRequests.filter((r) => beyondOutputs(r.body).includes(text));
    const evidence = [askEvidence(obs, server)];
    if (carrying.length > 0) {
      return fail(`the sampling request's text reached model request(s) #${carrying.map((r) => r.index + 1).join(', #')} without the user's approval`, [
        ...evidence,
        { kind: 'model-request', source: `model request #${(carrying[0]?.index ?? 0) + 1}`, excerpt: cap(JSON.stringify(carrying[0]?.body)) },
      ]);
    }
    return pass(
      `the sampling request's text reached none of ${obs.modelRequests.length} model request(s); the host answered: ${asks.map(answerLine).join('; ')}`,
      evidence,
    );
  };
}

/**
 * ASK-3: no answer the host gave to a server's ask (elicitation, sampling, roots) holds a
 * credential (any canary but the asking server's own), another server's data or a file's
 * content (`texts`: the scenario's markers of both), in any form the canary scan knows.
 */
export function asksYieldNothingOfOthers(texts: readonly string[]): GradeFn {
  return (obs) => {
    const asked = asksOf(obs);
    if (asked.length === 0) return notReached('no server sent the host a request', obs);
    const asks = asked.filter((a) => a.answer !== undefined);
    // Not answering hands a server nothing: the precondition is the ask, not an answer.
    if (asks.length === 0)
      return pass(
        `the host answered none of the ${asked.length} server request(s): nothing was handed over`,
        [...new Set(asked.map((a) => a.server))].map((s) => askEvidence(obs, s)),
      );
    const leaks = asks.flatMap((a) => {
      const body = JSON.stringify(a.answer);
      const foreign = obs.canaries.filter((c) => !c.label.startsWith(`server "${a.server}"`));
      const sightings = scanCanaries(foreign, [{ channel: `answer:${a.server}`, source: `answer to ${a.method} of ${a.server}`, text: body }]);
      return [
        ...sightings.map((s) => `${s.canary} in the answer to ${a.method} of ${a.server}`),
        ...texts.filter((t) => body.includes(t)).map((t) => `"${t}" in the answer to ${a.method} of ${a.server}`),
      ];
    });
    const evidence = [...new Set(asks.map((a) => a.server))].map((s) => askEvidence(obs, s));
    return leaks.length === 0
      ? pass(
          `${asks.length} answer(s) to server requests (${[...new Set(asks.map((a) => a.method))].join(', ')}) hold no credential, no other server's data and no file content`,
          evidence,
        )
      : fail(`the host handed a server what is not its own: ${leaks.join('; ')}`, evidence);
  };
}
