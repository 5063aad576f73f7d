// DISCOVER-2 and RESULT-4 deadlines, measured: when the host gave up on a server that never
// answers, against the deadline in the catalogue's unit (ms), from both sides (a deadline
// too short is as wrong as one too long). Read from journal and model-request monotonic stamps.
import { isOpeningRequest } from '../../fake-servers/mcp/journal-discovery.js';
import type { JournalEntry } from '../../fake-servers/mcp/journal.js';
import type { GradeFn } from './scenario-schema.js';
import { fail, journalEvidence, neverHappened, note, notReached, pass, screenTail } from './evidence.js';
import type { Observations } from './observations.js';
import { applying, type Thresholds, type Grade } from './scenario-schema.js';

/**
 * How far from the deadline the measured moment may be: the host's timer starts a little before
 * our first stamp. Without `earlyMs` the catalogue's words give only an upper bound ("at most
 * 10 s"): giving up sooner is within them.
 */
export interface DeadlineSlack {
  earlyMs?: number;
  lateMs: number;
}

// Early: a host starts its clock before our first stamp (connect: Node loading fetch before the
// TCP connection, seen at 100-150 ms). Late: reacting, writing and sending under load.
/** A deadline fixed as a moment (RESULT-4: "30 s after sending"): too soon is as wrong as too late. */
export const DEADLINE_SLACK: DeadlineSlack = { earlyMs: 750, lateMs: 1000 };
/** A deadline stated as a bound (DISCOVER-2: each server "for at most 10 seconds"): any moment up to it. */
export const AT_MOST_SLACK: DeadlineSlack = { lateMs: 1000 };

/** A deadline in ms, or the one in force for this host ('in-force': a knob's value, else the catalogue's). */
export type Deadline = number | 'in-force';

const isRequest = (method: string) => (e: JournalEntry) => e.kind === 'jsonrpc-in' && e.message.method === method;
const ms = (value: number): string => `${value.toFixed(0)} ms`;

/** What a deadline check applies, known before the run (a deadline 'in force' is known only then: judge reports it). */
const deadlineThresholds = (deadline: Deadline, slack: DeadlineSlack): Thresholds => ({
  ...(deadline === 'in-force' ? { deadline: 'in force' } : { deadlineMs: deadline }),
  ...slack,
});

function judge(what: string, measured: number, deadlineMs: number, slack: DeadlineSlack, evidence: ReturnType<typeof note>[]): Grade {
  return { ...judged(what, measured, deadlineMs, slack, evidence), applied: { deadlineMs } };
}

function judged(what: string, measured: number, deadlineMs: number, slack: DeadlineSlack, evidence: ReturnType<typeof note>[]): Grade {
  const window =
    slack.earlyMs === undefined ? `up to ${ms(deadlineMs + slack.lateMs)}` : `${ms(deadlineMs - slack.earlyMs)} to ${ms(deadlineMs + slack.lateMs)}`;
  if (slack.earlyMs !== undefined && measured < deadlineMs - slack.earlyMs)
    return fail(`${what} after ${ms(measured)}: before the ${ms(deadlineMs)} deadline (accepted ${window})`, evidence);
  if (measured > deadlineMs + slack.lateMs) return fail(`${what} after ${ms(measured)}: past the ${ms(deadlineMs)} deadline (accepted ${window})`, evidence);
  return pass(`${what} after ${ms(measured)} (deadline ${ms(deadlineMs)}, accepted ${window})`, evidence);
}

/**
 * DISCOVER-2: `hung` never answers its opening (initialize, or server/discover on 2026-07-28). The healthy server beside it was discovered
 * meanwhile (within half the deadline), and the host went on (its first model request) at the
 * connect deadline, counted from the moment it opened its connection to `hung`.
 */
export function connectGivenUpAt(hung: string, healthy: string, deadline: Deadline, slack: DeadlineSlack = AT_MOST_SLACK): GradeFn {
  return applying(deadlineThresholds(deadline, slack), (obs) => {
    const deadlineMs = deadline === 'in-force' ? obs.host.deadlines.connectTimeoutMs : deadline;
    const journal = obs.servers[hung]?.journal ?? [];
    const opened = journal.find((e) => e.kind === 'connection-open' || e.kind === 'start' || e.kind === 'http-request');
    // Connecting every configured server at start-up is what DISCOVER-2 asks, as is going on at its deadline.
    if (opened === undefined || !journal.some(isOpeningRequest)) {
      return obs.hostPid === null
        ? notReached('the host starting', obs)
        : neverHappened(`an opening (initialize or server/discover) sent to server ${hung}`, 'the host started with it configured', obs, [
            journalEvidence(obs, hung),
          ]);
    }
    const evidence = [journalEvidence(obs, hung), journalEvidence(obs, healthy, (e) => e.kind === 'jsonrpc-in'), screenTail(obs)];
    const listed = (obs.servers[healthy]?.journal ?? []).find(isRequest('tools/list'));
    const ready = obs.modelRequestMono[0];
    if (ready === undefined) {
      // The user waited for the prompt past the deadline and its slack, and gave up: going on without the hung server was owed (DISCOVER-2).
      const stop = obs.script.stoppedAt;
      return stop === null
        ? notReached(`the host going on to the model after ${hung} hung`, obs)
        : neverHappened(
            `the host going on to the model without ${hung} (its first model request)`,
            `it opened its connection to ${hung}, which never answers (deadline ${ms(deadlineMs)}), and the user waited past it`,
            obs,
            evidence.slice(0, 2),
          );
    }
    if (listed === undefined || listed.mono - opened.mono >= deadlineMs / 2) {
      return fail(
        `server ${healthy} was not discovered while ${hung} was pending (tools/list ${listed ? `at +${ms(listed.mono - opened.mono)}` : 'never'})`,
        evidence,
      );
    }
    return judge(`the host went on without ${hung}`, ready - opened.mono, deadlineMs, slack, [
      note(`connection to ${hung} opened at 0, first model request at +${ms(ready - opened.mono)}`),
      ...evidence,
    ]);
  });
}

/**
 * When the host had given up call #`call` (sent at `sentAt`): the first thing it did next, the
 * next approval request shown, the next call sent to any server, or the model request carrying
 * the outcome (several calls of one response reach the model together, after the last).
 */
function gaveUpAt(obs: Observations, call: number, sentAt: number): number | undefined {
  const out = obs.toolOutputs[call];
  if (out === undefined) return undefined;
  const nextCall = Object.values(obs.servers).flatMap((s) => s.journal.filter((e) => isRequest('tools/call')(e) && e.mono > sentAt).map((e) => e.mono));
  const nextApproval = obs.approvals.filter((a) => a.shownAt > sentAt).map((a) => a.shownAt);
  return Math.min(obs.modelRequestMono[out.request] ?? Infinity, ...nextCall, ...nextApproval);
}

/**
 * RESULT-4: call #`call` (0-based) to `server` is never answered; the host gave it up at the
 * call deadline, counted from the tools/call's arrival at the server.
 */
export function callGivenUpAt(server: string, deadline: Deadline, call = 0, slack: DeadlineSlack = DEADLINE_SLACK): GradeFn {
  return applying(deadlineThresholds(deadline, slack), (obs) => {
    const deadlineMs = deadline === 'in-force' ? obs.host.deadlines.callTimeoutMs : deadline;
    const sent = (obs.servers[server]?.journal ?? []).filter(isRequest('tools/call'))[call];
    if (sent === undefined) return notReached(`tools/call #${call + 1} reaching server ${server}`, obs);
    const told = gaveUpAt(obs, call, sent.mono);
    if (told === undefined) {
      // The user waited the deadline and its slack for the host to come back: it did not give up in time.
      const waited = obs.script.stoppedAt !== null && obs.approvals.length > call;
      return waited
        ? fail(`no outcome of call #${call + 1} reached the model while the user waited (${ms(deadlineMs)} and more): past the ${ms(deadlineMs)} deadline`, [
            journalEvidence(obs, server, isRequest('tools/call')),
          ])
        : notReached(`the outcome of call #${call + 1} reaching the model`, obs);
    }
    return judge(`the host gave up call #${call + 1}`, told - sent.mono, deadlineMs, slack, [
      note(`tools/call at 0, the host's next step (next question, next call or the outcome to the model) at +${ms(told - sent.mono)}`),
      journalEvidence(obs, server, isRequest('tools/call')),
    ]);
  });
}
