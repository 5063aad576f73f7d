// Small builders for grades and their numbered evidence, so checks stay one-liners.
import type { Evidence } from '../report/schema.js';
import type { ModelRequestRecord } from '../../fake-servers/model/mock-model.js';
import type { Observations, ScreenText, ToolOutputSeen } from './observations.js';
import type { Grade } from './scenario-schema.js';

const EXCERPT_CAP = 2000;

export function cap(text: string, max = EXCERPT_CAP): string {
  return text.length <= max ? text : `${text.slice(0, max)}\n... [${text.length - max} more characters]`;
}

export function pass(observed: string, evidence: Evidence[] = []): Grade {
  return { verdict: 'PASS', observed, evidence };
}

export function fail(observed: string, evidence: Evidence[] = []): Grade {
  return { verdict: 'FAIL', observed, evidence };
}

/** Where the user script stopped, as the tail of a "not reached" or "never happened" text. */
function whereStopped(obs: Observations): string {
  const stop = obs.script.stoppedAt;
  return stop === null ? '' : ` (the user script stopped at step ${stop.step}, ${stop.what}: ${stop.reason})`;
}

/**
 * The two kinds of absence a check can meet (README "Verdicts"), chosen at each call site by
 * what the check's guarantees say:
 * - notReached: a precondition the check's guarantees do not ask of the host never happened
 *   (the harness's own step, a call some other guarantee governs, the host going as far as
 *   the model): the check could not look, BLOCKED "not reached: ...", never a FAIL of its
 *   guarantee; the failure that blocked it is another check's to charge.
 * - neverHappened: what the check's own guarantee requires of the host never happened, although
 *   its occasion came (an approval for a call the host sent, the confirmation after an unknown
 *   outcome, going on at the deadline, the resumed session opening): the absence is the breach,
 *   FAIL "never happened: ...", naming the occasion that made it owed.
 */
export function notReached(what: string, obs: Observations): Grade {
  return { ...fail(`not reached: ${what}${whereStopped(obs)}`, [screenTail(obs)]), reached: false };
}

/** What the check's own guarantee requires never happened although `occasion` came: FAIL (see notReached). */
export function neverHappened(what: string, occasion: string, obs: Observations, evidence: Evidence[] = []): Grade {
  return { ...fail(`never happened: ${what}, owed since ${occasion}${whereStopped(obs)}`, [...evidence, screenTail(obs)]), owed: true };
}

/** The host declared (during the run) that it lacks an optional capability the check is about: UNSUPPORTED. */
export function unsupported(observed: string, evidence: Evidence[] = []): Grade {
  return { verdict: 'PASS', observed, evidence, unsupported: true };
}

export function note(excerpt: string, source = 'harness'): Evidence {
  return { kind: 'note', source, excerpt: cap(excerpt) };
}

/** What the host showed its user (positive evidence: "the user was told"); its stderr log is
 *  left out where no user sees it (an ACP or app-server agent's). Negative checks read `all`. */
export function shownText(obs: Pick<Observations, 'screen'>): string {
  return obs.screen.shown ?? obs.screen.all;
}

/**
 * The lines the host showed its user, in order: on a terminal, every line that was ever on its
 * rendered screen (a full-screen host's rows as drawn, not its cursor-addressed byte stream);
 * elsewhere its output split at newlines.
 */
export function shownLines(screen: ScreenText): string[] {
  return screen.seen ?? shownText({ screen }).split('\n');
}

/** The end of the host's screen (where a failed wait usually explains itself). */
export function screenTail(obs: Observations, chars = 1500): Evidence {
  return { kind: 'screen', source: 'host screen (last lines)', excerpt: obs.screen.all.slice(-chars) };
}

/** The screen around the first occurrence of `needle` (in the output, else on the rendered screen: a line read there), or its tail when absent. */
export function screenAround(obs: Observations, needle: string, radius = 400): Evidence {
  for (const [source, text] of [
    ['host screen', obs.screen.all],
    ['host screen (rendered)', obs.screen.rendered ?? ''],
  ] as const) {
    const at = text.indexOf(needle);
    if (at >= 0) return { kind: 'screen', source, excerpt: text.slice(Math.max(0, at - radius), at + needle.length + radius) };
  }
  return screenTail(obs);
}

export function journalEvidence(
  obs: Observations,
  server: string,
  filter: (e: Observations['servers'][string]['journal'][number]) => boolean = () => true,
): Evidence {
  const entries = (obs.servers[server]?.journal ?? []).filter(filter);
  return { kind: 'server-journal', source: `server ${server} journal`, excerpt: cap(entries.map((e) => JSON.stringify(e)).join('\n') || '(nothing)') };
}

/**
 * One model request as evidence: its raw body, or what `pick` takes from the journal's record,
 * whose `input`, `instructions` and `tools` have one shape whatever the model API (a Gemini or
 * Anthropic body has no `input`).
 */
export function modelRequestEvidence(obs: Observations, index: number, pick: (request: ModelRequestRecord) => unknown = (r) => r.body): Evidence {
  const request = obs.modelRequests[index];
  const picked = request === undefined ? undefined : pick(request);
  return {
    kind: 'model-request',
    source: `model request #${index + 1}`,
    excerpt: cap(request === undefined ? '(none)' : picked === undefined ? '(absent)' : JSON.stringify(picked, null, 1)),
  };
}

export function approvalEvidence(obs: Observations, index: number): Evidence {
  const a = obs.approvals[index];
  return { kind: 'screen', source: `approval request #${index + 1}`, excerpt: a === undefined ? '(not shown)' : cap(`${a.text}\n-> answered: ${a.answer}`) };
}

const API_NAMES: Record<ToolOutputSeen['api'], string> = {
  responses: 'OpenAI Responses',
  chat: 'Chat Completions',
  anthropic: 'Anthropic Messages',
  gemini: 'Gemini',
};

/** The API's own error flag on a result, in that API's words. */
function errorFlagText(out: ToolOutputSeen): string {
  if (out.isError === undefined) return '';
  return out.api === 'gemini' ? (out.isError ? ', an `error` key' : ', an `output` key') : `, is_error ${String(out.isError)}`;
}

/**
 * A tool output as evidence: the text the model got (read in its API's shape) beside the status
 * inferred from it, the API and its error flag; the result as sent too when it was not a plain string.
 */
export function outputEvidence(out: ToolOutputSeen, max = 1000): Evidence[] {
  const status = out.status ?? 'unreadable';
  const seen: Evidence = {
    kind: 'model-request',
    source: `model request #${out.request + 1} (${API_NAMES[out.api]}), output of ${out.callId}: read as ${status}${errorFlagText(out)}; the text the model got`,
    excerpt: out.text === '' ? '(empty)' : cap(out.text, max),
  };
  return out.output === out.text
    ? [seen]
    : [
        seen,
        { kind: 'model-request', source: `model request #${out.request + 1}, output of ${out.callId} as sent`, excerpt: cap(out.output, Math.min(max, 600)) },
      ];
}

/**
 * A check that needs the status of outputs no status could be read from: BLOCKED, never a pass
 * or a FAIL ("unreadable" stands for no status), naming each output's text.
 */
export function statusUnreadable(
  outs: readonly { name: string; out: ToolOutputSeen }[],
  obs: Observations,
  evidence: Evidence[] = outs.flatMap((o) => outputEvidence(o.out)),
): Grade {
  const excerpt = (text: string): string => JSON.stringify(text.length > 200 ? `${text.slice(0, 200)}…` : text);
  const blocked = notReached(outs.map(({ name, out }) => `the status of ${name}: the output could not be read: ${excerpt(out.text)}`).join('; '), obs);
  return { ...blocked, evidence: [...evidence, ...blocked.evidence] };
}
