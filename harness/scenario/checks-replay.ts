// Checks of REPLAY-1..3, through the host itself: a first start makes (and saves) the calls,
// its servers are then taken offline, removed or changed, and a second start resumes. What is
// graded is what the resumed host sends the model and what the servers receive afterwards.
import type { GradeFn } from './check-helpers.js';
import { fail, journalEvidence, modelRequestEvidence, neverHappened, note, notReached, pass } from './evidence.js';
import type { OutputRule } from './checks-approval-results.js';
import type { Observations } from './observations.js';
import type { Grade } from './scenario-schema.js';

const inputOf = (body: unknown): unknown => (body as { input?: unknown } | undefined)?.input ?? null;

const RESUMED = 'the host was started again to resume the saved session';

/**
 * The first model request of the last host start, when that start was a later one; else the
 * grade: not reached without a second start (the harness's step), never happened when the
 * resumed host never asked the model (REPLAY-1..3 ask that the session opens).
 */
function resumedRequest(obs: Observations): Observations['modelRequests'][number] | Grade {
  const last = obs.sessionStarts.length - 1;
  if (last < 1) return notReached(`a second host start (${obs.sessionStarts.length} happened)`, obs);
  const request = obs.modelRequests[obs.sessionStarts[last]?.request ?? Infinity];
  return request ?? neverHappened('the resumed session opening (the resumed host never sent a request to the model)', RESUMED, obs);
}

const isGrade = (value: object): value is Grade => 'verdict' in value;

/** The `marker` reached the model as a tool output of the first start (the call really ran and was recorded). */
function madeInFirstStart(obs: Observations, marker: string): boolean {
  const end = obs.sessionStarts[1]?.request ?? obs.modelRequests.length;
  return obs.toolOutputs.some((o) => o.request < end && o.output.includes(marker));
}

/**
 * REPLAY-1/2: the first request of the resumed start carries every marker (results of the
 * first start's calls, in its history). Needs those calls to have run in the first start.
 */
export function resumedHistoryCarries(markers: readonly string[]): GradeFn {
  return (obs) => {
    const missingFirst = markers.filter((m) => !madeInFirstStart(obs, m));
    if (missingFirst.length > 0) return notReached(`the first start's call results ${missingFirst.join(', ')} reaching the model`, obs);
    const request = resumedRequest(obs);
    if (isGrade(request)) return request;
    const text = JSON.stringify(request.input);
    const lost = markers.filter((m) => !text.includes(m));
    const evidence = [modelRequestEvidence(obs, request.index, inputOf)];
    return lost.length === 0
      ? pass(`the resumed host's first request #${request.index + 1} carries the recorded results ${markers.join(', ')}`, evidence)
      : fail(`the resumed host's first request #${request.index + 1} lacks the recorded results ${lost.join(', ')}`, evidence);
  };
}

/** What a recorded session may hold that a host could invoke again: a call, a resource read, a prompt fetched. */
const INVOKING = new Set(['tools/call', 'resources/read', 'prompts/get']);
const invokes = (e: Observations['servers'][string]['journal'][number]): boolean =>
  e.kind === 'jsonrpc-in' && typeof e.message.method === 'string' && INVOKING.has(e.message.method);

/**
 * REPLAY-1: once the session was resumed, none of `servers` received a call, a resource read or a
 * prompt fetch again, and the resumed session opened with its history (`marker`, a result of the
 * first start). Needs the first start to have invoked something on those servers, as their own
 * journals show (not what the host told the model): a host that never ran anything has nothing to
 * re-invoke. The history is owed only once the first start's result reached the model.
 */
export function nothingReinvoked(servers: readonly string[], marker: string): GradeFn {
  return (obs) => {
    const request = resumedRequest(obs);
    if (isGrade(request)) return request;
    const restartAt = obs.sessionStarts.at(-1)?.mono ?? 0;
    const invoked = servers.flatMap((s) => (obs.servers[s]?.journal ?? []).filter(invokes).map((e) => ({ s, e })));
    if (!invoked.some(({ e }) => e.mono < restartAt))
      return notReached(`the first start sending ${servers.join(' or ')} a call, a resource read or a prompt fetch to record`, obs);
    const evidence = servers.map((s) => journalEvidence(obs, s, invokes));
    const again = invoked.filter(({ e }) => e.mono >= restartAt).map(({ s, e }) => `${s} ${e.kind === 'jsonrpc-in' ? String(e.message.method) : ''}`);
    if (again.length > 0) return fail(`after the resume: ${again.join(', ')}`, evidence);
    if (JSON.stringify(request.input).includes(marker))
      return pass(`after the resume ${servers.join(', ')} received no tools/call, resources/read or prompts/get`, evidence);
    if (!madeInFirstStart(obs, marker)) return notReached(`the first start's result ${marker} reaching the model`, obs);
    return neverHappened("the saved session resuming with its history (the resumed host's first request lacks it)", RESUMED, obs, [
      modelRequestEvidence(obs, request.index, inputOf),
    ]);
  };
}

/**
 * REPLAY-1 across a second resume: the first request of the last start gives the model an
 * output, meeting every rule, for the call left pending before the first resume. That call is
 * no longer the last item of the saved session (the first resumed start added to it): a host
 * that completes only a trailing pending call sends a function call without its output, which
 * a model API refuses (the session would not open), and the model loses the warning.
 */
export function pendingStillAnswered(rules: readonly OutputRule[]): GradeFn {
  return (obs) => {
    if (obs.sessionStarts.length < 3) return notReached(`a third host start, the second resume (${obs.sessionStarts.length} happened)`, obs);
    const request = resumedRequest(obs);
    if (isGrade(request)) return request;
    // Every output the request carries, as sent (toolOutputs keeps each call's first sighting only).
    const outputs = request.functionCallOutputs.map((o) => (typeof o.output === 'string' ? o.output : (JSON.stringify(o.output) ?? '')));
    const evidence = [modelRequestEvidence(obs, request.index, inputOf)];
    const answered = outputs.find((text) => rules.every((r) => r.ok(text)));
    return answered !== undefined
      ? pass(`the second resumed start's first request #${request.index + 1} still answers the pending call: ${rules.map((r) => r.what).join('; ')}`, evidence)
      : fail(
          `the second resumed start's first request #${request.index + 1} carries ${outputs.length} tool output(s), none that ${rules.map((r) => r.what).join(' and ')}`,
          evidence,
        );
  };
}

/**
 * REPLAY-3: the resumed host's first request carries the text of its own pre-MCP session;
 * `again`: that of the last start, which resumed it once more after the first resume added to it.
 */
export function legacySessionLoads(again = false): GradeFn {
  return (obs) => {
    const marker = obs.host.legacyMarker;
    if (marker === null) return notReached("a session saved before MCP support, named by the host's profile", obs);
    if (again) {
      const request = resumedRequest(obs);
      if (isGrade(request)) return request;
      const evidence = [modelRequestEvidence(obs, request.index, inputOf), note(marker, 'text of the pre-MCP session')];
      return JSON.stringify(request.input).includes(marker)
        ? pass(`the pre-MCP session was resumed a second time: its text reached the model in request #${request.index + 1}`, evidence)
        : fail(`the first request after resuming it a second time (#${request.index + 1}) lacks the pre-MCP session's text`, evidence);
    }
    const request = obs.modelRequests[0];
    if (request === undefined) {
      return obs.hostPid === null
        ? notReached('the host starting', obs)
        : neverHappened('the pre-MCP session opening (the resumed host never sent a request to the model)', 'the host was started to resume it', obs);
    }
    const evidence = [modelRequestEvidence(obs, 0, inputOf), note(marker, 'text of the pre-MCP session')];
    return JSON.stringify(request.input).includes(marker)
      ? pass('the pre-MCP session was resumed: its text reached the model', evidence)
      : fail("the first request after resuming lacks the pre-MCP session's text", evidence);
  };
}
