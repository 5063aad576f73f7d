// Checks of the STDIO, DISCOVER and TRANSPORT scenarios: literal argv (STDIO-1), the host
// surviving bad servers (STDIO-6), overlapping connects and per-server deadlines
// (DISCOVER-2), status lines before the first answer (DISCOVER-3), the tool list fixed after
// list_changed (DISCOVER-5). Timing is read from journal and model-request monotonic stamps.
import { acceptedOpenings, isOpeningRequest } from '../../fake-servers/mcp/journal-discovery.js';
import { showsCommandLine, stdioStart, type GradeFn } from './check-helpers.js';
import { fail, modelRequestEvidence, neverHappened, notReached, note, pass, screenAround, screenTail, shownLines, shownText } from './evidence.js';
import type { Observations } from './observations.js';
import { DEADLINE_SLACK } from './checks-deadlines.js';
import { lastDecided } from './outcome-owed.js';
import { tracesOf } from './offered-tools.js';

const ms = (value: number): string => `${value.toFixed(0)} ms`;

/** The last arguments the stdio server received are exactly `args` (STDIO-1: no shell in between). */
export function stdioArgsLiteral(server: string, args: readonly string[]): GradeFn {
  return (obs) => {
    const start = stdioStart(obs, server);
    if ('verdict' in start) return start;
    const got = start.argv.slice(-args.length);
    const evidence = [note(JSON.stringify(start.argv.slice(2)), `server ${server} argv (after node and its script)`)];
    const same = got.length === args.length && got.every((a, i) => a === args[i]);
    return same
      ? pass(`the server received ${JSON.stringify(args)} literally`, evidence)
      : fail(`the server's last arguments were ${JSON.stringify(got)}, expected ${JSON.stringify(args)}`, evidence);
  };
}

/**
 * The stdio server `server`, configured as one command whose path holds blanks and shell
 * characters (a launcher, no arguments), was started (STDIO-1: the command runs directly).
 * `beside`, configured plainly, shows the host starts stdio servers at all; until it started
 * the check could not tell (BLOCKED).
 */
export function stdioCommandRan(server: string, beside: string): GradeFn {
  return (obs) => {
    if ('verdict' in stdioStart(obs, beside)) return notReached(`the host never started ${beside}, configured plainly`, obs);
    const evidence = [note(obs.servers[server]?.destination ?? '(not configured)', `server ${server} command`)];
    return 'verdict' in stdioStart(obs, server)
      ? neverHappened(`${server} starting from its configured command`, `the host started ${beside}`, obs, evidence)
      : pass(`${server} started from its command, run as configured`, evidence);
  };
}

/**
 * The host passed the user's `message` to the model and showed the model's `reply` (it was
 * still running). Without the reply, the host was taken down when it ended by itself, came back
 * to its prompt without it, or kept the user waiting past its call deadline; a user script that
 * stopped sooner could not tell (BLOCKED).
 */
export function hostAnsweredMessage(message: string, reply: string): GradeFn {
  return (obs) => {
    const at = obs.modelRequests.findIndex((r) => JSON.stringify(r.input).includes(message));
    const exits = obs.exits.map((e) => `code ${String(e.code)}, signal ${String(e.signal)}${e.killedByHarness ? ', killed by the harness' : ''}`);
    const evidence = [screenTail(obs), note(exits.join('\n') || 'the host had not exited', 'host exits')];
    if (at >= 0 && shownText(obs).includes(reply)) {
      return pass(`model request #${at + 1} carried "${message}" and the screen shows the answer`, [
        modelRequestEvidence(obs, at, (b) => (b as { input?: unknown }).input),
        screenAround(obs, reply),
      ]);
    }
    const missing =
      at < 0 ? `the host never passed "${message}" to the model` : `the model got "${message}" but its answer "${reply}" never appeared on screen`;
    const stop = obs.script.stoppedAt;
    if (stop?.hostExited === true || obs.script.exitedBeforeEnd === true) return fail(`${missing}: the host ended by itself`, evidence);
    if (stop === null) return fail(`${missing}: the host went on without it`, evidence);
    const deadline = obs.host.deadlines.callTimeoutMs;
    const since = Math.max(obs.modelRequestMono.at(-1) ?? -Infinity, lastDecided(obs) ?? -Infinity);
    const waited = stop.mono === undefined || !Number.isFinite(since) ? 0 : stop.mono - since;
    if (waited >= deadline + DEADLINE_SLACK.lateMs)
      return fail(
        `${missing}: the user waited ${ms(waited)} after the host's last step, past its ${ms(deadline)} call deadline, and gave up at step ${stop.step} (${stop.reason})`,
        evidence,
      );
    return notReached(`${missing}, the host still running within its ${ms(deadline)} call deadline`, obs);
  };
}

/** The first opening request's arrival (initialize or server/discover, either revision) and
 *  the answer to the opening the server accepted, per server (monotonic ms). */
function openingTimes(obs: Observations, server: string): { arrived: number; answered: number } | null {
  const journal = obs.servers[server]?.journal ?? [];
  const request = journal.find(isOpeningRequest);
  const accepted = acceptedOpenings(journal)[0];
  return request === undefined || accepted === undefined ? null : { arrived: request.mono, answered: accepted.answer.mono };
}

/**
 * Every server received its opening (initialize or server/discover) before any of them answered it (DISCOVER-2: connects run
 * in parallel). Ordering of journal stamps, not a duration: serial connects cannot overlap.
 */
export function connectsOverlapped(servers: readonly string[]): GradeFn {
  return (obs) => {
    const times = servers.map((s) => [s, openingTimes(obs, s)] as const);
    const missing = times.filter(([, t]) => t === null).map(([s]) => s);
    // Connecting every configured server at start-up is what DISCOVER-2 asks: one never opened is owed.
    const unopened = missing.filter((s) => !(obs.servers[s]?.journal ?? []).some(isOpeningRequest));
    if (unopened.length > 0 && obs.hostPid !== null)
      return neverHappened(`an opening (initialize or server/discover) sent to server(s) ${unopened.join(', ')}`, 'the host started with them configured', obs);
    if (missing.length > 0) return notReached(`server(s) ${missing.join(', ')} never accepted an opening (initialize or server/discover)`, obs);
    const spans = times.map(([s, t]) => ({ s, arrived: t?.arrived ?? 0, answered: t?.answered ?? 0 }));
    const lastArrival = Math.max(...spans.map((t) => t.arrived));
    const firstAnswer = Math.min(...spans.map((t) => t.answered));
    const origin = Math.min(...spans.map((t) => t.arrived));
    const ready = obs.modelRequestMono[0];
    const lines = spans.map((t) => `${t.s}: opening at +${ms(t.arrived - origin)}, answered at +${ms(t.answered - origin)}`);
    if (ready !== undefined) lines.push(`first model request at +${ms(ready - origin)}`);
    const evidence = [note(lines.join('\n'), 'server journals (monotonic)')];
    return lastArrival < firstAnswer
      ? pass(
          `all ${servers.length} opening requests arrived within ${ms(lastArrival - origin)}, before the first answer at +${ms(firstAnswer - origin)}`,
          evidence,
        )
      : fail(
          `the last opening arrived at +${ms(lastArrival - origin)}, after the first answer at +${ms(firstAnswer - origin)}: connects did not overlap`,
          evidence,
        );
  };
}

/** One status line per server, each on screen before the model's first answer `reply`. */
export function statusLinesBefore(servers: readonly string[], reply: string): GradeFn {
  return (obs) => {
    // In the order the user read them: a full-screen host's rows as they were drawn.
    const shown = shownLines(obs.screen);
    const replyAt = shown.findIndex((l) => l.includes(reply));
    if (replyAt < 0) return notReached(`the answer "${reply}" never appeared`, obs);
    const evidence = [screenAround(obs, reply, 1500)];
    const problems: string[] = [];
    for (const server of servers) {
      const lines = obs.statusLines.filter((l) => new RegExp(`\\b${server}\\b`).test(l));
      if (lines.length !== 1) problems.push(`${lines.length} status lines for ${server}`);
      else if (shown.indexOf(lines[0] ?? '') > replyAt) problems.push(`the status line of ${server} came after the first answer`);
    }
    return problems.length === 0
      ? pass(`one status line per server before the first answer: ${obs.statusLines.join(' | ')}`, evidence)
      : fail(problems.join('; '), evidence);
  };
}

/** The status line of `server` states `count` tools and its destination: the URL, or the whole command line of a stdio server. */
export function statusLineCountsTools(server: string, count: number): GradeFn {
  return (obs) => {
    const line = obs.statusLines.find((l) => new RegExp(`\\b${server}\\b`).test(l));
    if (line === undefined) return fail(`no status line for server ${server}`, [screenTail(obs)]);
    const observed = obs.servers[server];
    const destination = observed?.destination ?? null;
    const url = observed?.transport === 'http' || observed?.transport === 'sse' ? destination : null;
    // The count is read with the destination and the server's name taken out: their digits are not a count.
    const rest = (destination === null ? line : destination.split(' ').reduce((text, word) => text.split(word).join(' '), line)).split(server).join(' ');
    const counted = new RegExp(`(^|[^\\d.:/])${count}([^\\d.:/]|$)`).test(rest);
    const located = destination === null || (url === null ? showsCommandLine(line, destination) : line.includes(url));
    return counted && located
      ? pass(line, [screenAround(obs, line)])
      : fail(
          `status line "${line}" lacks ${[counted ? '' : `the count ${count}`, located ? '' : `the destination ${destination ?? ''}`].filter(Boolean).join(' and ')}`,
          [screenAround(obs, line)],
        );
  };
}

/**
 * After `server` announced list_changed, `tool` (announced later) is offered in no model
 * request, unless the host told the user (the tool's name on screen).
 */
export function laterToolNotOffered(server: string, tool: string): GradeFn {
  return (obs) => {
    const changed = (obs.servers[server]?.journal ?? []).find((e) => e.kind === 'jsonrpc-out' && e.message.method === 'notifications/tools/list_changed');
    if (changed === undefined) return notReached(`server ${server} never sent notifications/tools/list_changed`, obs);
    const after = obs.modelRequests.filter((_, i) => (obs.modelRequestMono[i] ?? 0) > changed.mono);
    if (after.length === 0) return notReached('no model request came after list_changed', obs);
    const offered = after.filter((r) => tracesOf(obs, r, server, tool).length > 0);
    if (offered.length === 0)
      return pass(`${after.length} model request(s) after list_changed; none offered ${tool}`, [
        modelRequestEvidence(obs, after[0]?.index ?? 0, (b) => (b as { tools?: unknown }).tools),
      ]);
    const evidence = [modelRequestEvidence(obs, offered[0]?.index ?? 0, (b) => (b as { tools?: unknown }).tools), screenTail(obs)];
    return shownText(obs).includes(tool)
      ? pass(`${tool} was offered after list_changed and the screen names it (the user was told)`, evidence)
      : fail(`model request #${(offered[0]?.index ?? 0) + 1} offered ${tool}, announced after discovery, without telling the user`, evidence);
  };
}
