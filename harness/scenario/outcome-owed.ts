// When a tool output the check reads never reached the model, whether the host owed it. A call's
// outcome is owed once the call was decided (the user answered its approval, or it reached its
// server) and the host then had its chance to pass it on: it went on to the model without it,
// went back to its prompt with every turn over, exited by itself, or kept the user waiting past
// its call deadline. Before any of these the check could not look (BLOCKED); after one, a check
// whose guarantee asks that the model be told FAILs "never happened" (grade.ts, asksToTell).
import { DEADLINE_SLACK } from './checks-deadlines.js';
import { neverHappened, notReached } from './evidence.js';
import type { Grade } from './scenario-schema.js';
import type { Observations } from './observations.js';

const ms = (value: number): string => `${value.toFixed(0)} ms`;

/** The last moment a call of the last host session was decided (monotonic ms), or null when none was. */
export function lastDecided(obs: Observations): number | null {
  const since = obs.sessionStarts.at(-1)?.mono ?? -Infinity;
  const answered = obs.approvals.filter((a) => a.answer !== 'unanswered').map((a) => a.answeredAt);
  const sent = Object.values(obs.servers).flatMap((s) =>
    s.journal.filter((e) => e.kind === 'jsonrpc-in' && e.message.method === 'tools/call').map((e) => e.mono),
  );
  const moments = [...answered, ...sent].filter((t) => t >= since);
  return moments.length === 0 ? null : Math.max(...moments);
}

/** Why the host owed the model the outcomes of the calls it was asked to make, or null when it may not have had its chance yet. */
export function outcomeOwed(obs: Observations): string | null {
  // The model could not find a tool: no call of it to report (grade.ts names that cause instead).
  if (obs.unresolvedTargets.length > 0) return null;
  const decided = lastDecided(obs);
  if (decided === null) return null;
  const next = obs.modelRequestMono.findIndex((m) => m > decided);
  if (next >= 0) return `the last call was decided and the host went on to the model without it (model request #${next + 1})`;
  const stop = obs.script.stoppedAt;
  if (stop === null) {
    if (obs.script.endedAtPrompt === true) return 'the last call was decided and the host went back to its prompt with its turn over';
    return obs.script.exitedBeforeEnd === true ? 'the last call was decided and the host then exited by itself, before the user ended it' : null;
  }
  if (stop.hostExited === true) return `the last call was decided and the host then exited by itself (gone at step ${stop.step})`;
  const deadline = obs.host.deadlines.callTimeoutMs;
  const waited = stop.mono === undefined ? 0 : stop.mono - decided;
  return waited >= deadline + DEADLINE_SLACK.lateMs
    ? `the last call was decided and the user waited ${ms(waited)}, past the ${ms(deadline)} call deadline in force`
    : null;
}

/** A tool output (`what`) never reached the model: BLOCKED, with the line a check that asks that the model be told FAILs with when the host owed it. */
export function outputNotReached(what: string, obs: Observations): Grade {
  const owed = outcomeOwed(obs);
  const blocked = notReached(what, obs);
  return owed === null ? blocked : { ...blocked, owedToModel: neverHappened(what, owed, obs).observed };
}
