// The check library: small factories returning grade functions, so a scenario's checks
// are short data. Each helper states its precondition and returns "not reached" when it
// never happened, never PASS by default.
import type { CallStatus } from '../adapters/host-adapter.js';
import { acceptedOpenings, openingAttempts } from '../../fake-servers/mcp/journal-discovery.js';
import { MODERN_REVISION } from '../../fake-servers/mcp/protocol-revision.js';
import type { StartEntry } from '../../fake-servers/mcp/journal.js';
import {
  approvalEvidence,
  cap,
  fail,
  journalEvidence,
  neverHappened,
  note,
  notReached,
  outputEvidence,
  pass,
  screenAround,
  screenTail,
  statusUnreadable,
  unsupported,
} from './evidence.js';
import { HOST_SECRET_LABEL } from '../sandbox/host-env.js';
import { ANYWHERE, canaryGrade } from './canary-grade.js';
import type { Observations } from './observations.js';
import type { Grade, GradeFn } from './scenario-schema.js';
import { outputAt, outputsOf, type CallsAbout, type OutputRef } from './call-of.js';
import { outputNotReached } from './outcome-owed.js';

export type { GradeFn } from './scenario-schema.js';

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` names `word` on its own (not inside a longer name: "docs" is not in "docs-2" or "mydocs"). */
export function namesWord(text: string, word: string): boolean {
  return new RegExp(`(^|[^\\w-])${escapeRegex(word)}([^\\w-]|$)`).test(text);
}

/**
 * `text` shows the command line `commandLine` whole: the command, then every argument, in
 * order, however the host quotes or separates them (a command without its arguments is not
 * its command line).
 */
export function showsCommandLine(text: string, commandLine: string): boolean {
  let at = 0;
  for (const word of commandLine.split(' ').filter(Boolean)) {
    const found = text.indexOf(word, at);
    if (found < 0) return false;
    at = found + word.length;
  }
  return true;
}

type Entry = Observations['servers'][string]['journal'][number];
const isCall = (e: Entry): boolean => e.kind === 'jsonrpc-in' && e.message.method === 'tools/call';
type Params = { name?: unknown; inputResponses?: Record<string, unknown>; requestState?: unknown } | undefined;
const paramsOf = (e: Entry): Params => (e.kind === 'jsonrpc-in' ? (e.message.params as Params) : undefined);
const inputRequestsOf = (e: Entry): string[] | undefined => {
  const result = e.kind === 'jsonrpc-out' ? (e.message.result as { resultType?: unknown; inputRequests?: object } | undefined) : undefined;
  return result?.resultType === 'input_required' ? Object.keys(result.inputRequests ?? {}) : undefined;
};

/** The requests of `method` a server received (a predicate over its journal). */
export const isMethod =
  (method: string) =>
  (e: Entry): boolean =>
    e.kind === 'jsonrpc-in' && e.message.method === method;

/**
 * The calls a server received (UNKNOWN-1). On 2026-07-28 a call the server answered with
 * input_required comes again carrying inputResponses: that continuation is the same call, not
 * a resend, but only as the answer to one input_required of that call (its tool, every input
 * request answered); a blind repeat, or a continuation of none, still counts.
 */
export function toolCalls(obs: Observations, server: string): number {
  let calls = 0;
  const toolOf = new Map<string, unknown>();
  const owed: { tool: unknown; keys: string[] }[] = [];
  for (const e of obs.servers[server]?.journal ?? []) {
    if (e.kind !== 'jsonrpc-in' && e.kind !== 'jsonrpc-out') continue;
    const id = JSON.stringify(e.message.id);
    if (isCall(e)) toolOf.set(id, paramsOf(e)?.name);
    const keys = inputRequestsOf(e);
    if (keys !== undefined) owed.push({ tool: toolOf.get(id), keys });
    if (!isCall(e)) continue;
    const params = paramsOf(e);
    const responses = params?.inputResponses;
    const continued = responses === undefined ? -1 : owed.findIndex((o) => o.tool === params?.name && o.keys.every((k) => k in responses));
    if (continued >= 0) owed.splice(continued, 1);
    else calls += 1;
  }
  return calls;
}

/**
 * The server received exactly `count` tools/call requests (0: nothing was sent). An absence
 * means something only once the host had a call to decide on: an approval request was shown
 * or an outcome reached the model.
 */
export function serverGotToolCalls(server: string, count: number): GradeFn {
  return (obs) => {
    const got = toolCalls(obs, server);
    const evidence = [journalEvidence(obs, server, isCall)];
    if (got === 0 && obs.approvals.length === 0 && obs.toolOutputs.length === 0)
      return notReached('the host never had a call to decide on (no approval request, no outcome to the model)', obs);
    // "Nothing sent" proves a refusal only once every answer was given: a script that stopped early (an answer the host's protocol cannot carry, a host gone) left calls undecided.
    if (got === 0 && count === 0 && obs.script.stoppedAt !== null) return notReached('every answer of the user script given', obs);
    return got === count
      ? pass(`server ${server} received ${got} tools/call`, evidence)
      : fail(`server ${server} received ${got} tools/call, expected ${count}`, evidence);
  };
}

const isAction = (e: Observations['servers'][string]['journal'][number]): boolean =>
  e.kind === 'jsonrpc-in' && (e.message.method === 'tools/call' || e.message.method === 'resources/read');

/**
 * APPROVE-1 on the timeline: until approval request #index was answered, `server` received no
 * more calls (or resource reads) than the approvals answered "approve" before each arrived. A
 * host may ask for several calls before sending any; what it may not do is send a call before
 * its approval, at any moment, including while the question is on screen.
 */
export function approvalShownBeforeSending(server: string, index = 0): GradeFn {
  return (obs) => {
    const shown = obs.approvals[index];
    const actions = (obs.servers[server]?.journal ?? []).filter(isAction);
    const evidence = [approvalEvidence(obs, index), journalEvidence(obs, server, isAction)];
    if (shown === undefined) {
      return actions.length === 0
        ? notReached(`approval request #${index + 1}`, obs)
        : fail(`no approval request #${index + 1} was shown, but server ${server} received ${actions.length} call(s)`, [
            journalEvidence(obs, server, isAction),
            screenTail(obs),
          ]);
    }
    // A call covered by an earlier answer the host may have taken as approval (an empty line, any
    // text: a breach of APPROVE-3 the checks of that answer charge) is not this request's call.
    const approvedBy = (t: number): number => obs.approvals.filter((a) => a.answer !== 'deny' && a.answer !== 'unanswered' && a.answeredAt < t).length;
    const early = actions.filter((e) => e.mono < shown.answeredAt).find((e, k) => k + 1 > approvedBy(e.mono));
    if (early !== undefined) {
      return fail(
        `server ${server} received a call at +${(early.mono - shown.shownAt).toFixed(0)} ms from approval request #${index + 1} being shown, before it was approved (${approvedBy(early.mono)} answered other than deny then)`,
        evidence,
      );
    }
    const before = actions.filter((e) => e.mono < shown.answeredAt).length;
    return pass(`until approval request #${index + 1} was answered, server ${server} had received ${before} call(s), each after its own approval`, evidence);
  };
}

/**
 * For a check whose own guarantee asks that the chat go on beside a broken or hanging server
 * (DISCOVER-2: dropped "while the others work"; DISCOVER-4: "the chat and every other server
 * keep working"): a host that started but never asked the model fails it, "never happened"
 * (its scripted user waited out the connect deadline in force first); else `grade` decides.
 */
export function chatGoesOn(grade: GradeFn): GradeFn {
  return (obs) =>
    obs.modelRequests.length === 0 && obs.hostPid !== null
      ? neverHappened(
          'the chat going on beside the broken server(s): the host never sent the model a request',
          'the host started with a healthy server configured beside them',
          obs,
        )
      : grade(obs);
}

/** Every call (tools/call, resources/read) the host sent to any server, in order of arrival (a continuation of input_required is the same call). */
function actionsSent(obs: Observations): { server: string; mono: number }[] {
  return Object.keys(obs.servers)
    .flatMap((server) => {
      const reads = (obs.servers[server]?.journal ?? [])
        .filter((e) => e.kind === 'jsonrpc-in' && e.message.method === 'resources/read')
        .map((e) => ({ server, mono: e.mono }));
      const calls = (obs.servers[server]?.journal ?? [])
        .filter(isCall)
        .map((e) => ({ server, mono: e.mono }))
        .slice(0, toolCalls(obs, server));
      return [...calls, ...reads];
    })
    .sort((a, b) => a.mono - b.mono);
}

/**
 * Exactly `count` approval requests were shown. Each is owed by the check's guarantee (a call
 * is asked about, each one) once the host sent more calls than it had asked about: then the
 * missing request never happened (FAIL). Fewer requests while the host sent nothing unasked
 * (it hung, or never got the calls) is a precondition that never happened (BLOCKED).
 */
export function approvalsShown(count: number): GradeFn {
  return (obs) => {
    const evidence = obs.approvals.map((_, i) => approvalEvidence(obs, i));
    if (obs.approvals.length === count) return pass(`${count} approval request(s) shown`, evidence);
    if (obs.approvals.length < count && obs.script.stoppedAt !== null) {
      const sent = actionsSent(obs);
      const next = obs.approvals.length + 1;
      if (sent.length >= next) {
        const servers = [...new Set(sent.map((a) => a.server))];
        return neverHappened(`approval request #${next} of ${count}`, `the host sent ${sent.length} call(s) having asked about ${obs.approvals.length}`, obs, [
          ...evidence,
          ...servers.map((s) => journalEvidence(obs, s, isAction)),
        ]);
      }
      return notReached(`approval request #${next} of ${count}`, obs);
    }
    return fail(`${obs.approvals.length} approval request(s) shown, expected ${count}`, evidence);
  };
}

/**
 * The model received these statuses, in order, for the calls of the scenario (`first`: for its
 * first calls, later ones aside; `of`: for these calls, each output found by its call, in this order).
 */
export function modelSawStatuses(statuses: readonly CallStatus[], options: { first?: boolean; of?: readonly CallsAbout[] } = {}): GradeFn {
  return (obs) => {
    const picked = options.of === undefined ? null : outputsOf(obs, options.of);
    if (picked?.missing != null) return outputNotReached(`${picked.missing} never reached the model`, obs);
    const outputs = picked?.outs ?? obs.toolOutputs;
    const considered = options.first === true ? outputs.slice(0, statuses.length) : outputs;
    const seen = considered.map((o) => o.status ?? 'unreadable');
    const evidence = outputs.flatMap((o) => outputEvidence(o, 600));
    if (seen.length < statuses.length)
      return outputNotReached(`the model received ${seen.length} of ${statuses.length} tool outputs (${seen.join(', ') || 'none'})`, obs);
    // A status read and wrong is a breach; one that could not be read is no status at all.
    const wrong = seen.length !== statuses.length || considered.some((o, i) => o.status !== null && o.status !== statuses[i]);
    if (wrong) return fail(`the model received ${seen.join(', ')}; expected ${statuses.join(', ')}`, evidence);
    const unreadable = considered.flatMap((out, i) => (out.status === null ? [{ name: `tool output #${i + 1} (${out.callId})`, out }] : []));
    if (unreadable.length > 0) return statusUnreadable(unreadable, obs, evidence);
    return pass(`the model received ${seen.join(', ')}`, evidence);
  };
}

/** Status of a tool output the model received: the call-th (0-based), or the one answering `calls`. */
export function modelSawStatus(ref: OutputRef, status: CallStatus): GradeFn {
  return (obs) => {
    const { out, name } = outputAt(obs, ref);
    if (out === undefined) return outputNotReached(`${name} never reached the model`, obs);
    const evidence = outputEvidence(out);
    if (out.status === null) return statusUnreadable([{ name, out }], obs, evidence);
    return out.status === status ? pass(`${name} has status ${status}`, evidence) : fail(`${name} has status ${out.status}, expected ${status}`, evidence);
  };
}

/** The opening (initialize, or server/discover on 2026-07-28) and tools/list reached the server
 *  before the first model request, once (DISCOVER-1); a probe and its fallback initialize are one opening. */
export function discoveredBeforeFirstQuestion(server: string): GradeFn {
  return (obs) => {
    const journal = obs.servers[server]?.journal ?? [];
    const first = obs.modelRequestMono[0];
    if (first === undefined) return notReached('the host never sent a request to the model', obs);
    const methods = journal.filter((e) => e.kind === 'jsonrpc-in' && typeof e.message.method === 'string');
    const list = methods.find((e) => e.kind === 'jsonrpc-in' && e.message.method === 'tools/list');
    const evidence = [journalEvidence(obs, server, (e) => e.kind === 'jsonrpc-in'), note(`first model request at ${first.toFixed(1)} ms (monotonic)`)];
    if (list === undefined) return fail(`server ${server} never received tools/list`, evidence);
    const openings = openingAttempts(journal).map((o) => o.message.method);
    if (openings.length !== 1)
      return fail(
        `server ${server} was opened ${openings.length} times in one process (${openings.join(', ') || 'no initialize or server/discover'})`,
        evidence,
      );
    // A listing is a walk from the first page (no cursor); pages after it carry one. Once per process, calls included.
    const walks = methods.filter(
      (e) => e.kind === 'jsonrpc-in' && e.message.method === 'tools/list' && (e.message.params as { cursor?: unknown } | undefined)?.cursor === undefined,
    );
    if (walks.length !== 1) return fail(`server ${server} was listed ${walks.length} times in one process (tools/list without a cursor)`, evidence);
    return list.mono <= first
      ? pass(`${openings[0]} and tools/list reached ${server} ${(first - list.mono).toFixed(0)} ms before the first model request`, evidence)
      : fail(`tools/list reached ${server} ${(list.mono - first).toFixed(0)} ms after the first model request`, evidence);
  };
}

/** The HTTP server received no request on `path` (a redirect target, NET-2). */
export function serverGotNoRequestOn(server: string, path: string): GradeFn {
  return (obs) => {
    const requests = (obs.servers[server]?.journal ?? []).filter((e) => e.kind === 'http-request');
    if (requests.length === 0) return notReached(`the host never contacted server ${server}`, obs);
    const hits = requests.filter((e) => e.kind === 'http-request' && e.path.split('?')[0] === path);
    const evidence = [journalEvidence(obs, server, (e) => e.kind === 'http-request' || e.kind === 'http-response')];
    return hits.length === 0 ? pass(`nothing reached ${path}`, evidence) : fail(`${hits.length} request(s) reached ${path}`, evidence);
  };
}

/**
 * The host reports `server` unavailable in its own wording (the adapter's unavailable-line
 * pattern), and the reason it gives matches every pattern (e.g. CRED-5's OAuth advice, NET-1's
 * https rule; the whole line when the host gives no separate reason).
 */
export function reportedUnavailable(server: string, reasonPatterns: readonly RegExp[] = []): GradeFn {
  return (obs) => {
    const line = obs.statusLines.find((l) => namesWord(l, server));
    if (line === undefined) return fail(`no status line for server ${server}`, [screenTail(obs)]);
    const evidence = [screenAround(obs, line)];
    const unavailable = obs.unavailable.find((u) => u.line === line);
    if (unavailable === undefined) return fail(`status line "${line}" does not say the server is unavailable`, evidence);
    const reason = unavailable.reason ?? line;
    const missed = reasonPatterns.filter((p) => !p.test(reason));
    return missed.length === 0 ? pass(line, evidence) : fail(`the reason "${reason}" does not match ${missed.join(', ')}`, evidence);
  };
}

/**
 * No canary whose label contains `label` appears anywhere it is not allowed, in any form (also
 * values never meant to be used: a decoy, a refused server's); not reached until the host's
 * process was seen, nor while any channel was not scanned in full.
 */
export function canaryAbsentEverywhere(label = ''): GradeFn {
  return canaryGrade(label, ANYWHERE, 'host-ran');
}

/**
 * Nothing reached the trap of this concern: the scenario's own ("scenario") or the one the
 * project's decoy configurations point at ("decoy"); means something only once the host got as
 * far as asking the model.
 */
export function trapUntouched(trap: 'scenario' | 'decoy' = 'scenario'): GradeFn {
  return (obs) => {
    const hits = obs.trapHits.filter((h) => h.trap === trap);
    const name = trap === 'decoy' ? 'the decoy trap' : 'the trap';
    if (hits.length > 0)
      return fail(
        `${name} received ${hits.length} request(s)`,
        hits.map((h, i) => ({ kind: 'trap' as const, source: `${name} hit #${i + 1}`, excerpt: cap(JSON.stringify(h)) })),
      );
    if (obs.modelRequests.length === 0) return notReached('the host never got as far as asking the model', obs);
    return pass(`${name} received nothing while the host ran (${obs.modelRequests.length} model request(s))`);
  };
}

/**
 * The host looked up no name (NET-4): the mock model and the fakes sit on loopback addresses,
 * so any question to the name watch is a destination nobody configured (telemetry, update
 * checks, catalogues); means something only once the host got as far as asking the model.
 */
export function nothingLookedUp(): GradeFn {
  return (obs) => {
    if (!obs.lookups.watched) return notReached(`the host's name lookups could be watched (${obs.lookups.reason})`, obs);
    const { names } = obs.lookups;
    if (names.length > 0) {
      const distinct = [...new Set(names.map((n) => n.name))];
      const evidence = {
        kind: 'trap' as const,
        source: 'name watch (questions the host asked)',
        excerpt: cap(names.map((n) => `${n.type} ${n.name}`).join('\n')),
      };
      return fail(`the host looked up ${distinct.length} name(s) nobody configured: ${cap(distinct.join(', '), 300)}`, [evidence]);
    }
    if (obs.modelRequests.length === 0) return notReached('the host never got as far as asking the model', obs);
    return pass(
      `the host looked up no name while it ran (${obs.modelRequests.length} model request(s)): it contacted only the loopback addresses it was given`,
    );
  };
}

/** The stdio server's start record (how the host launched it), or a "not reached" grade. */
export function stdioStart(obs: Observations, server: string): StartEntry | Grade {
  const start = (obs.servers[server]?.journal ?? []).find((e): e is StartEntry => e.kind === 'start');
  return start ?? notReached(`stdio server ${server} never started`, obs);
}

/** The stdio server led its own process group, apart from the host's (STDIO-2). */
export function stdioOwnGroup(server: string): GradeFn {
  return (obs) => {
    const start = stdioStart(obs, server);
    if ('verdict' in start) return start;
    const evidence = [journalEvidence(obs, server, (e) => e.kind === 'start'), note(`host pid ${obs.hostPid ?? '?'}`)];
    return start.pgid === start.pid && start.pgid !== obs.hostPid
      ? pass(`server pid ${start.pid} leads its own group (host pid ${obs.hostPid ?? '?'})`, evidence)
      : fail(`server pid ${start.pid} runs in group ${start.pgid} (host pid ${obs.hostPid ?? '?'})`, evidence);
  };
}

/**
 * The stdio server's environment held only PATH, HOME, LANG and `configured` names (STDIO-3);
 * the host's own secrets among the others are named as such. Not reached until it started.
 */
export function stdioEnvOnly(server: string, configured: readonly string[]): GradeFn {
  return (obs) => {
    const start = stdioStart(obs, server);
    if ('verdict' in start) return start;
    const allowed = new Set(['PATH', 'HOME', 'LANG', ...configured]);
    const extra = Object.keys(start.env)
      .filter((k) => !allowed.has(k))
      .sort();
    const secrets = extra.filter((k) => obs.canaries.some((c) => c.label === `${HOST_SECRET_LABEL} ${k}`));
    const evidence = [note(`environment names: ${Object.keys(start.env).sort().join(' ')}`, `server ${server} start record`)];
    if (extra.length === 0) return pass(`environment names: ${Object.keys(start.env).sort().join(' ')}`, evidence);
    return fail(`unexpected variables: ${extra.join(' ')}${secrets.length > 0 ? ` (the host's own secrets among them: ${secrets.join(' ')})` : ''}`, evidence);
  };
}

/**
 * Each configured variable of `server` held its configured value (STDIO-3: the variables
 * configured for it), also where the host has one of the same name (PATH, HOME, LANG): the
 * configuration wins. Not reached until it started.
 */
export function stdioEnvHolds(server: string, configured: Readonly<Record<string, string>>): GradeFn {
  return (obs) => {
    const start = stdioStart(obs, server);
    if ('verdict' in start) return start;
    const wrong = Object.entries(configured).filter(([name, value]) => start.env[name] !== value);
    const shown = (names: readonly string[]): string => names.map((n) => `${n}=${JSON.stringify(start.env[n] ?? null)}`).join(' ');
    const evidence = [note(shown(Object.keys(configured)), `server ${server} start record`)];
    if (wrong.length === 0) return pass(`configured values arrived: ${shown(Object.keys(configured))}`, evidence);
    return fail(`configured ${wrong.map(([n, v]) => `${n}=${JSON.stringify(v)}`).join(' ')}, the server got ${shown(wrong.map(([n]) => n))}`, evidence);
  };
}

/**
 * The canary stdio server `server` wrote to its stderr is nowhere, in any form: not on screen,
 * in a file (read whole), a model request or another server (STDIO-4: discarded).
 */
export function stderrDiscarded(server: string): GradeFn {
  return (obs) => {
    const start = stdioStart(obs, server);
    if ('verdict' in start) return start;
    if (obs.modelRequests.length === 0) return notReached('the host never got as far as asking the model after starting the server', obs);
    return canaryGrade(`server "${server}" stderr`, ANYWHERE, 'host-ran')(obs);
  };
}

/** After the host exited, no process of the run was left (STDIO-5); `server` must have started a child first. */
export function nothingLeftRunning(server: string): GradeFn {
  return (obs) => {
    const start = stdioStart(obs, server);
    if ('verdict' in start) return start;
    if (start.childPid === null) return notReached(`stdio server ${server} never started its child process`, obs);
    const evidence = obs.leftovers.map((p) => ({
      kind: 'process' as const,
      source: `pid ${p.pid} (${p.role}, group ${p.pgid})`,
      excerpt: p.cmdline.join(' ').slice(0, 300),
    }));
    // The exit path under test is the script's own end step; the harness's clean-up exit
    // after a stopped script proves nothing about it.
    if (obs.script.stoppedAt !== null) return notReached('the user script stopped before its end step', obs);
    if (obs.exits.length === 0) return notReached('the host never exited', obs);
    if (obs.exits.some((e) => e.killedByHarness)) return fail('the host did not exit by itself; the harness killed it', evidence);
    return obs.leftovers.length === 0
      ? pass(`server ${start.pid} and its child ${start.childPid} were gone when the host had exited`)
      : fail(`still running after the host exited: ${obs.leftovers.map((p) => `${p.pid} (${p.role})`).join(', ')}`, evidence);
  };
}

/**
 * `grade` for a step only a host that speaks 2026-07-28 reaches (a server that offers nothing
 * else). A host that sent server/discover to none of the scenario's servers opens with
 * initialize only: the step is not for it, UNSUPPORTED (as onLegacyRevision is for the other
 * revision). Its missing revision is TRANSPORT-1's to charge where a server speaks only
 * 2026-07-28 and nothing else is judged (transport-stdio-and-http), not charged again here.
 */
export function ifHostSpeaksModern(grade: GradeFn): GradeFn {
  return (obs) => {
    const discovered = Object.values(obs.servers).some((s) => s.journal.some((e) => e.kind === 'jsonrpc-in' && e.message.method === 'server/discover'));
    return discovered
      ? grade(obs)
      : unsupported(
          `the host sent server/discover to no server (it opens with initialize only), so a server that speaks only ${MODERN_REVISION} is not for it here; transport-stdio-and-http charges the missing revision`,
        );
  };
}

/**
 * `grade` for something only revisions before 2026-07-28 have (`what`: a GET event stream, a
 * request a server sends while it is being listed). When it could not look and `server` went on
 * 2026-07-28 (its server/discover accepted, as `run --protocol 2026-07-28` makes it), the step
 * does not exist there: UNSUPPORTED, not BLOCKED.
 */
export function onLegacyRevision(server: string, what: string, grade: GradeFn): GradeFn {
  return (obs) => {
    const graded = grade(obs);
    if (graded.reached !== false) return graded;
    const opened = acceptedOpenings(obs.servers[server]?.journal ?? []).at(-1);
    return opened?.request.message.method === 'server/discover'
      ? unsupported(`server ${server} went on ${MODERN_REVISION} (server/discover accepted), which has no ${what}`)
      : graded;
  };
}
