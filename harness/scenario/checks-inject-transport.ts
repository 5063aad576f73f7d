// Checks for INJECT-3 (instruction-like descriptions flagged at start-up), INJECT-4 (a
// changed tool flagged at the next start) and TRANSPORT-2 (the legacy SSE transport).
// Flags are read from obs.startups: the lines of each host start, before its first prompt,
// that match the profile's instructionFlag / changedFlag patterns.
import { openingAttempts } from '../../fake-servers/mcp/journal-discovery.js';
import { offeredOf, serverTraces } from './offered-tools.js';
import { fail, note, notReached, pass } from './evidence.js';
import { namesWord, type GradeFn } from './check-helpers.js';
import type { Observations, StartupSeen } from './observations.js';

/** A flag line names the tool (as a whole word); the profile pattern already says which kind. */
const linesFor = (lines: readonly string[], tool: string): string[] => lines.filter((line) => namesWord(line, tool));

type Kind = 'instructionFlags' | 'changedFlags';
const KIND_TEXT: Record<Kind, string> = { instructionFlags: 'instruction-like', changedFlags: 'changed-definition' };

const startupEvidence = (start: StartupSeen, index: number) =>
  note(start.text.slice(-1500) || '(nothing shown)', `host start #${index + 1}, screen before its first prompt`);

/** How many openings reached the server (initialize, or server/discover on 2026-07-28; a probe
 *  and its fallback initialize are one): how many host starts reached it. */
function openings(obs: Observations, server: string): number {
  return openingAttempts(obs.servers[server]?.journal ?? []).length;
}

/** Start #index happened and reached `server` (so the absence of a flag means something). */
function reachedStart(obs: Observations, index: number, server: string): StartupSeen | string {
  const start = obs.startups[index];
  if (start === undefined) return `host start #${index + 1} (${obs.startups.length} happened)`;
  if (openings(obs, server) < index + 1) return `server ${server} contacted by host start #${index + 1}`;
  return start;
}

/** Host start #index flagged `tool` with a line of `kind`. */
function flagged(kind: Kind, server: string, tool: string, index: number): GradeFn {
  return (obs) => {
    const start = reachedStart(obs, index, server);
    if (typeof start === 'string') return notReached(start, obs);
    const lines = linesFor(start[kind], tool);
    return lines.length > 0
      ? pass(`start #${index + 1} flagged ${tool}: ${lines.join(' | ')}`, [startupEvidence(start, index)])
      : fail(`start #${index + 1} showed no ${KIND_TEXT[kind]} flag for ${tool} (its flags: ${start[kind].join(' | ') || 'none'})`, [
          startupEvidence(start, index),
        ]);
  };
}

/** A flag that must have been shown before a "not flagged" verdict means anything. */
export interface FlagFirst {
  tool: string;
  /** Host start index (0 = first start). */
  start: number;
}

/**
 * Host start #index did not flag `tool` with a line of `kind`. When `first` is given, that
 * flag must have been shown: a host that never flags anything has nothing to be judged on
 * here ("not flagged again", "not flagged beside it"); its other check fails.
 */
function notFlagged(kind: Kind, server: string, tool: string, index: number, first?: FlagFirst): GradeFn {
  return (obs) => {
    const start = reachedStart(obs, index, server);
    if (typeof start === 'string') return notReached(start, obs);
    if (first !== undefined && linesFor(obs.startups[first.start]?.[kind] ?? [], first.tool).length === 0) {
      return notReached(`a ${KIND_TEXT[kind]} flag for ${first.tool} in start #${first.start + 1}`, obs);
    }
    const lines = linesFor(start[kind], tool);
    return lines.length === 0
      ? pass(`start #${index + 1} did not flag ${tool} (its flags: ${start[kind].join(' | ') || 'none'})`, [startupEvidence(start, index)])
      : fail(`start #${index + 1} flagged ${tool}: ${lines.join(' | ')}`, [startupEvidence(start, index)]);
  };
}

/** INJECT-3: the instruction-like tool is flagged at start #index. */
export const instructionFlagged = (server: string, tool: string, index = 0): GradeFn => flagged('instructionFlags', server, tool, index);

/** INJECT-3: a benign tool is not flagged at the start that flagged `flaggedTool`. */
export const benignNotFlagged = (server: string, tool: string, flaggedTool: string, index = 0): GradeFn =>
  notFlagged('instructionFlags', server, tool, index, { tool: flaggedTool, start: index });

/** INJECT-4: the changed tool is flagged at start #index. */
export const changeFlagged = (server: string, tool: string, index: number): GradeFn => flagged('changedFlags', server, tool, index);

/** INJECT-4: `tool` is not flagged as changed at start #index (first starts, unchanged tools, tools already seen). */
export const changeNotFlagged = (server: string, tool: string, index: number, first?: FlagFirst): GradeFn =>
  notFlagged('changedFlags', server, tool, index, first);

/** How many times the host opened the server's legacy SSE event stream (GET /sse). */
function sseStreams(obs: Observations, server: string): number {
  return (obs.servers[server]?.journal ?? []).filter((e) => e.kind === 'http-request' && e.method === 'GET' && e.path.split('?')[0] === '/sse').length;
}

/** Grades `grade` only once the host opened the SSE stream (so it was told the endpoint); else not reached. */
export function afterSseStream(server: string, grade: GradeFn): GradeFn {
  return (obs) =>
    sseStreams(obs, server) === 0 ? notReached(`the host never opened server ${server}'s SSE event stream, so it was never told an endpoint`, obs) : grade(obs);
}

/** TRANSPORT-2: the server's tools were discovered over SSE (an SSE stream opened and tools/list answered). */
export function discoveredOverSse(server: string): GradeFn {
  return (obs) => {
    const journal = obs.servers[server]?.journal ?? [];
    const streams = sseStreams(obs, server);
    const lists = journal.filter((e) => e.kind === 'jsonrpc-in' && e.message.method === 'tools/list').length;
    const line = obs.statusLines.find((l) => l.includes(server)) ?? '(no status line)';
    const evidence = [
      note(
        journal
          .filter((e) => e.kind === 'http-request')
          .map((e) => JSON.stringify(e).slice(0, 200))
          .join('\n') || '(no requests)',
        `server ${server} HTTP requests`,
      ),
      note(line, 'status line'),
    ];
    if (streams === 0) return fail(`server ${server} never had its SSE event stream opened (status: ${line})`, evidence);
    if (lists === 0) return fail(`the SSE stream opened but tools/list never arrived (status: ${line})`, evidence);
    // Listed is not discovered: the tools must reach the model (a host that dropped the server did not discover it).
    const first = obs.modelRequests[0];
    if (first === undefined) return notReached('the host never sent a request to the model', obs);
    const offered = offeredOf(obs, first, server);
    return offered.length > 0
      ? pass(`SSE stream opened ${streams} time(s), tools/list answered ${lists} time(s), ${offered.join(', ')} offered; ${line}`, evidence)
      : fail(`tools/list went over the SSE stream but none of ${server}'s tools reached the model (status: ${line})`, evidence);
  };
}

/**
 * TRANSPORT-2 with NET-3: `server`'s tools/list answer, over the cap but spread over many short
 * lines of one event, is refused: none of its tools reaches the model. Judged only once the
 * host offered a tool of `control`, an SSE server of the same run (a host that cannot use SSE
 * at all offers neither, which proves nothing about the cap).
 */
export function spreadEventRefused(server: string, control: string): GradeFn {
  return (obs) => {
    const first = obs.modelRequests[0];
    if (first === undefined) return notReached('the host never sent a request to the model', obs);
    if (offeredOf(obs, first, control).length === 0) return notReached(`a tool of ${control}, the SSE server beside it, offered to the model`, obs);
    const offered = serverTraces(obs, first, server);
    const line = obs.statusLines.find((l) => namesWord(l, server)) ?? '(no status line)';
    return offered.length === 0
      ? pass(`no tool of ${server} offered; ${line}`, [note(line, 'status line')])
      : fail(`${server}'s oversized tools/list, one event of many short data lines, was accepted: ${offered.join(', ')} offered (status: ${line})`, [
          note(line, 'status line'),
        ]);
  };
}

/** TRANSPORT-2 with UNKNOWN-1: after a call was sent, the host opened the SSE event stream only
 *  once (a reopened stream is a transport-level retry into a new session). */
export function sseStreamOpenedOnce(server: string): GradeFn {
  return (obs) => {
    const journal = obs.servers[server]?.journal ?? [];
    if (!journal.some((e) => e.kind === 'jsonrpc-in' && e.message.method === 'tools/call')) return notReached(`server ${server} receiving the call`, obs);
    const streams = sseStreams(obs, server);
    const evidence = [
      note(
        journal
          .filter((e) => e.kind === 'http-request')
          .map((e) => JSON.stringify(e).slice(0, 200))
          .join('\n'),
        `server ${server} HTTP requests`,
      ),
    ];
    return streams === 1 ? pass('the SSE event stream was opened once', evidence) : fail(`the SSE event stream was opened ${streams} times`, evidence);
  };
}
