// Checks for EXPOSE-1..6, LIMIT-1..3 and INJECT-1/2: what the model was offered (names,
// schemas, descriptions, instructions), what each server received and what reached the screen.
import type { ModelRequestRecord, OfferedTool } from '../../fake-servers/model/request.js';
import { resultText } from '../adapters/result-text.js';
import { namesWord, toolCalls, type GradeFn } from './check-helpers.js';
import {
  cap,
  fail,
  journalEvidence,
  modelRequestEvidence,
  neverHappened,
  note,
  notReached,
  pass,
  screenAround,
  screenTail,
  shownText,
  unsupported,
} from './evidence.js';
import { rawControlsIn, withoutCsi } from './hostile-text.js';
import { BRIDGED, functionsOf as functions, label, offeredAs, offeredOf, serverTraces, strictIn } from './offered-tools.js';
import type { Observations } from './observations.js';
import { type Grade, applying } from './scenario-schema.js';

export const RESPONSES_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

const toolsEvidence = (obs: Observations, index: number) =>
  modelRequestEvidence(obs, index, (body) => ((body as { tools?: unknown[] }).tools ?? []).map((t) => ({ ...(t as object), parameters: undefined })));

/** The function offered for (server, tool) in request #index, or why none was. */
function offered(obs: Observations, index: number, server: string, tool: string): OfferedTool | string {
  const request = obs.modelRequests[index];
  return request === undefined ? `the host sent no model request #${index + 1}` : offeredAs(obs, request, server, tool);
}

/**
 * The function offered for (server, tool) in the first model request, for an EXPOSE check of
 * how it is offered: not reached without a request (the host never asked the model); never
 * happened when the request does not offer it (EXPOSE asks that every MCP tool is offered).
 */
function offeredFirst(obs: Observations, server: string, tool: string): OfferedTool | Grade {
  if (obs.modelRequests[0] === undefined) return notReached('the host never sent a request to the model', obs);
  const t = offered(obs, 0, server, tool);
  return typeof t === 'string'
    ? neverHappened(`${server}/${tool} offered to the model (${t})`, 'the host sent its first model request', obs, [toolsEvidence(obs, 0)])
    : t;
}

const isGrade = (value: object): value is Grade => 'verdict' in value;

function firstRequest(obs: Observations): ModelRequestRecord | null {
  return obs.modelRequests[0] ?? null;
}

const callsNamed = (obs: Observations, server: string, tool: string): number =>
  (obs.servers[server]?.journal ?? []).filter(
    (e) => e.kind === 'jsonrpc-in' && e.message.method === 'tools/call' && (e.message.params as { name?: unknown } | undefined)?.name === tool,
  ).length;

// EXPOSE-1 ---------------------------------------------------------------------------------

/** The host's file tool's name ("read_file" when it has none: a server may still offer one). */
export function fileToolName(builtins: Observations['host']['builtins']): string {
  return builtins.readFile?.tool ?? 'read_file';
}

type Pairs = readonly (readonly [string, string])[];

/** Every (server, tool) is offered under its own name, which carries the server's name. */
export function namesCarryServer(pairsOf: Pairs | ((obs: Observations) => Pairs)): GradeFn {
  return (obs) => {
    if (firstRequest(obs) === null) return notReached('the host never sent a request to the model', obs);
    const names: string[] = [];
    for (const [server, tool] of typeof pairsOf === 'function' ? pairsOf(obs) : pairsOf) {
      const t = offered(obs, 0, server, tool);
      if (typeof t === 'string') return fail(`${server}/${tool} is not offered distinctly: ${t}`, [toolsEvidence(obs, 0)]);
      if (!label(t).includes(server)) return fail(`${server}/${tool} is offered as ${label(t)}, which does not name its server`, [toolsEvidence(obs, 0)]);
      names.push(label(t));
    }
    return new Set(names).size === names.length
      ? pass(`offered as ${names.join(', ')}`, [toolsEvidence(obs, 0)])
      : fail(`names collide: ${names.join(', ')}`, [toolsEvidence(obs, 0)]);
  };
}

/** `server` received exactly `count` tools/call for its tool `tool` (by original name). */
export function serverGotCallsOf(server: string, tool: string, count: number): GradeFn {
  return (obs) => {
    const got = callsNamed(obs, server, tool);
    const evidence = [journalEvidence(obs, server, (e) => e.kind === 'jsonrpc-in' && e.message.method === 'tools/call')];
    return got === count
      ? pass(`server ${server} received ${got} call(s) of ${tool}`, evidence)
      : fail(`server ${server} received ${got} call(s) of ${tool}, expected ${count}`, evidence);
  };
}

/** The host's file tool is offered once, unlabelled, and the model's call of it returned `marker` (ran locally). */
export function builtinNotShadowed(marker: string): GradeFn {
  return (obs) => {
    const request = firstRequest(obs);
    if (request === null) return notReached('the host never sent a request to the model', obs);
    const name = fileToolName(obs.host.builtins);
    const same = functions(request).filter((t) => t.name === name && t.namespace === undefined);
    // Whether the one function of that name is the built-in shows in what its call returns.
    if (same.length !== 1) return fail(`${same.length} function(s) named ${name} offered`, [toolsEvidence(obs, 0)]);
    const out = obs.toolOutputs.find((o) => o.output.includes(marker));
    const evidence = obs.toolOutputs.map((o) => note(cap(o.output, 300), `tool output ${o.callId}`));
    return out !== undefined
      ? pass(`the model's ${name} call returned the local file's text`, evidence)
      : fail(`no tool output holds the local file's text "${marker}": ${name} did not run the built-in`, evidence);
  };
}

// EXPOSE-2 / EXPOSE-3 ----------------------------------------------------------------------

/** Every function offered in every request matches EXPOSE-2's own name pattern (the catalogue's rule, for every model API alike). */
export function allNamesValid(): GradeFn {
  return (obs) => {
    if (obs.modelRequests.length === 0) return notReached('the host never sent a request to the model', obs);
    const bad = [...new Set(obs.modelRequests.flatMap((r) => functions(r).map((t) => t.name)).filter((n) => !RESPONSES_NAME.test(n)))];
    return bad.length === 0
      ? pass(`all ${functions(obs.modelRequests[0] as ModelRequestRecord).length} offered names match ${RESPONSES_NAME}`, [toolsEvidence(obs, 0)])
      : fail(`invalid names offered: ${bad.map((n) => JSON.stringify(n)).join(', ')}`, [toolsEvidence(obs, 0)]);
  };
}

/** The last segment of a name, when it can be a hash: 4+ letters or digits after a separator. */
const LAST_SEGMENT = /[_.-]([a-z0-9]{4,})$/i;

/** `name` ends in a segment that is not part of the server's or the tool's own name: a suffix the host added. */
function hasHashSuffix(name: string, server: string, tool: string): boolean {
  const segment = LAST_SEGMENT.exec(name)?.[1]?.toLowerCase();
  return segment !== undefined && !tool.toLowerCase().includes(segment) && !server.toLowerCase().includes(segment);
}

/** `longer` is `shorter` plus a suffix after a separator (`mcp_a_b_c_2` of `mcp_a_b_c`). */
const addsSuffixTo = (longer: string, shorter: string): boolean =>
  longer.length > shorter.length && longer.startsWith(shorter) && /^[_.-]/.test(longer.slice(shorter.length));

/**
 * (server, tool) is offered under a name ending in a hash suffix, not a sanitised look-alike
 * (a name cut or with characters replaced, and nothing added). With `rival`, the pair that
 * would share refhost's name: distinct names in the host's own scheme need no suffix, but
 * one name that is the other plus a counter or a suffix (the look-alike way out) fails.
 */
export function hashSuffixed(server: string, tool: string, rival?: readonly [string, string]): GradeFn {
  return (obs) => {
    const t = offered(obs, 0, server, tool);
    const evidence = [toolsEvidence(obs, 0)];
    if (typeof t === 'string') return fail(`${server}/${JSON.stringify(tool)} is not offered distinctly: ${t}`, evidence);
    if (hasHashSuffix(t.name, server, tool)) return pass(`${server}/${JSON.stringify(tool)} is offered as ${t.name}`, evidence);
    if (rival === undefined)
      return fail(`${server}/${JSON.stringify(tool)} is offered as ${t.name}: no hash suffix (its last segment is part of the name)`, evidence);
    const other = offered(obs, 0, rival[0], rival[1]);
    if (typeof other === 'string') return fail(`${rival[0]}/${JSON.stringify(rival[1])} is not offered distinctly: ${other}`, evidence);
    if (other.name === t.name || addsSuffixTo(other.name, t.name) || addsSuffixTo(t.name, other.name)) {
      return fail(
        `${server}/${JSON.stringify(tool)} is offered as ${t.name} beside ${rival[0]}/${JSON.stringify(rival[1])} as ${other.name}: a look-alike, not a hash suffix on both`,
        evidence,
      );
    }
    return pass(
      `${server}/${JSON.stringify(tool)} and ${rival[0]}/${JSON.stringify(rival[1])} are offered as ${t.name} and ${other.name}: distinct in this host's scheme, no suffix needed`,
      evidence,
    );
  };
}

/** Every model request, across host starts, offers the same set of names. */
export function sameNamesEveryStart(starts: number): GradeFn {
  return (obs) => {
    if (obs.exits.length < starts - 1 || obs.modelRequests.length < starts)
      return notReached(`${starts} host starts, each asking the model (saw ${obs.modelRequests.length} requests)`, obs);
    const sets = obs.modelRequests.map((r) => functions(r).map(label).sort().join(' '));
    const evidence = obs.modelRequests.map((_, i) => toolsEvidence(obs, i));
    return sets.every((s) => s === sets[0])
      ? pass(`all ${sets.length} requests offer: ${sets[0] ?? ''}`, evidence)
      : fail(`the names differ between starts:\n${sets.join('\n')}`, evidence);
  };
}

// EXPOSE-4 / EXPOSE-5 ----------------------------------------------------------------------

/**
 * EXPOSE-4 for every tool of every server, in every request: the function's parameters
 * serialise exactly like the input schema the server sent (key order and all). Needs `tool`
 * of `server` offered in the first request.
 */
export function schemasAsDescribed(server: string, tool: string): GradeFn {
  return (obs) => {
    const first = offeredFirst(obs, server, tool);
    if (isGrade(first)) return first;
    const problems: string[] = [];
    let compared = 0;
    for (const request of obs.modelRequests) {
      for (const e of obs.catalogue) {
        const t = offeredAs(obs, request, e.server, e.tool);
        if (typeof t === 'string' || e.inputSchema === undefined) continue;
        compared++;
        if (t.type === BRIDGED) {
          problems.push(`request #${request.index + 1}, ${label(t)}: listed only in text, reached through a bridge; the request carries no schema for it`);
          continue;
        }
        const [want, got] = [JSON.stringify(e.inputSchema), JSON.stringify(t.parameters)];
        if (want !== got) problems.push(`request #${request.index + 1}, ${label(t)}: server ${want.slice(0, 300)} / offered ${got.slice(0, 300)}`);
      }
    }
    return problems.length === 0
      ? pass(`all ${compared} offered parameters equal the schemas the servers sent`)
      : fail(`${problems.length} offered schema(s) differ from what the server sent`, [note(problems.slice(0, 5).join('\n'))]);
  };
}

/**
 * EXPOSE-4: the function is not marked strict, by the rule of the API its request came in
 * (strictIn): on the Responses API `strict: false` must be said outright, since an omitted
 * `strict` is strict there; elsewhere an omitted one is not strict; Gemini has no strict mode,
 * so nothing there can break this rule.
 */
export function notStrict(server: string, tool: string): GradeFn {
  return (obs) => {
    const t = offeredFirst(obs, server, tool);
    if (isGrade(t)) return t;
    const request = obs.modelRequests[0] as ModelRequestRecord;
    const { strict, rule } = strictIn(request.api, t.strict);
    const evidence = [toolsEvidence(obs, 0)];
    if (strict === null) return pass(`${t.name} cannot be strict: ${rule}`, evidence);
    return strict ? fail(`${t.name} is offered strict (${rule})`, evidence) : pass(`${t.name} is offered not strict (${rule})`, evidence);
  };
}

/** Ways a note says results are untrusted ("untrusted", "do not trust", "never trust", "not to be trusted"). */
const UNTRUSTED = /untrust|\bnot\b[^.\n]{0,20}\btrust|n't trust|never trust/i;

/** Runs of white space as one space: a host may re-wrap the server's text, not cut it. */
const spaced = (text: string): string => text.replace(/\s+/g, ' ');

/**
 * The origin first (a label naming the server and the tool, in the host's own words), then the
 * server's text (all of it, however re-wrapped), then a note naming the server and calling its
 * results untrusted (EXPOSE-5). A tool the server gave no description (`serverText` undefined)
 * still gets the label and the note; with no server text between them, one sentence may be
 * both ("ping, from docs: its results are untrusted"), so the description need only name the
 * server and the tool as words and call the results untrusted.
 */
export function descriptionLabelled(server: string, tool: string, serverText: string | undefined): GradeFn {
  return (obs) => {
    const t = offeredFirst(obs, server, tool);
    if (isGrade(t)) return t;
    const d = spaced(t.description ?? '');
    const evidence = [note(t.description ?? '', `description of ${t.name}`)];
    const text = spaced(serverText ?? '').trim();
    if (text === '') {
      return namesWord(d, server) && namesWord(d, tool) && UNTRUSTED.test(d)
        ? pass('a label and a note naming the server and tool and calling its results untrusted', evidence)
        : fail(`no label and note naming server ${server} and tool ${tool} and calling its results untrusted`, evidence);
    }
    const at = d.indexOf(text);
    if (at < 0) return fail("the description does not hold all of the server's text", evidence);
    const head = d.slice(0, at);
    if (!namesWord(head, server) || !namesWord(head, tool))
      return fail(`the description does not name server ${server} and tool ${tool} before the server's text`, evidence);
    const tail = d.slice(at + text.length);
    return UNTRUSTED.test(tail) && namesWord(tail, server)
      ? pass('label, server text, then a note naming the server and calling its results untrusted', evidence)
      : fail('no note after the server text naming the server and calling its results untrusted', evidence);
  };
}

// EXPOSE-6 / INJECT-1 ----------------------------------------------------------------------

/** System-level text of a request: `instructions` and system/developer input messages. */
function systemText(r: ModelRequestRecord): string {
  const items = r.input.filter((i) => ['system', 'developer'].includes((i as { role?: string }).role ?? ''));
  return [r.instructions ?? '', ...items.map((i) => JSON.stringify(i))].join('\n');
}

/** No marker appears in any request's instructions or system/developer messages. */
export function markersNotInInstructions(markers: readonly string[], minRequests: number): GradeFn {
  return (obs) => {
    if (obs.modelRequests.length < minRequests) return notReached(`${minRequests} model requests (saw ${obs.modelRequests.length})`, obs);
    const hits = obs.modelRequests.flatMap((r) => markers.filter((m) => systemText(r).includes(m)).map((m) => `${m} in request #${r.index + 1}`));
    const evidence = [modelRequestEvidence(obs, obs.modelRequests.length - 1, (b) => (b as { instructions?: unknown }).instructions ?? null)];
    return hits.length === 0
      ? pass(`none of ${markers.join(', ')} in the instructions of ${obs.modelRequests.length} requests`, evidence)
      : fail(`server text in instructions: ${hits.join('; ')}`, evidence);
  };
}

/** `marker` reaches the model, but only inside a function_call_output or a labelled tool description. */
export function onlyAsToolData(marker: string): GradeFn {
  return (obs) => {
    const places = obs.modelRequests.flatMap((r) => {
      const input = r.input
        .filter((i) => (i as { type?: string }).type !== 'function_call_output' && JSON.stringify(i).includes(marker))
        .map(() => `an input message of request #${r.index + 1}`);
      const instr = (r.instructions ?? '').includes(marker) ? [`the instructions of request #${r.index + 1}`] : [];
      // Labelled: the text before the marker names the server it came from (EXPOSE-5).
      const labelled = (d: string): boolean => Object.keys(obs.servers).some((server) => namesWord(d.slice(0, d.indexOf(marker)), server));
      const desc = functions(r)
        .filter((t) => t.description?.includes(marker) === true && !labelled(t.description))
        .map((t) => `the unlabelled description of ${t.name}`);
      return [...input, ...instr, ...desc];
    });
    const asOutput = obs.toolOutputs.some((o) => o.output.includes(marker));
    if (!asOutput) return notReached(`the text "${marker}" never reached the model as a tool output`, obs);
    return places.length === 0
      ? pass(`"${marker}" reached the model only as tool data`)
      : fail(`"${marker}" reached the model outside tool data: ${[...new Set(places)].join('; ')}`, [modelRequestEvidence(obs, obs.modelRequests.length - 1)]);
  };
}

// LIMIT-1 ----------------------------------------------------------------------------------

/** The server is reported unavailable and none of its tools is offered. */
export function serverNotRegistered(server: string): GradeFn {
  return (obs) => {
    const request = firstRequest(obs);
    if (request === null) return notReached('the host never sent a request to the model', obs);
    const line = obs.unavailable.find((u) => namesWord(u.line, server))?.line;
    const tools = serverTraces(obs, request, server);
    const evidence = [line === undefined ? screenTail(obs) : screenAround(obs, line, 100)];
    if (tools.length > 0)
      return fail(`${tools.length} tool(s) of ${server} offered: ${tools.slice(0, 5).join(', ')}${tools.length > 5 ? ', ...' : ''}`, evidence);
    // A protocol without per-server status (ACP) cannot carry the report: what the host owns is not offering the tools.
    if (line === undefined && obs.host.serverStatus === false)
      return pass(`no tool of ${server} offered (the host's protocol carries no per-server status to report it in)`, evidence);
    return line === undefined ? fail(`no "unavailable" status line for ${server}`, evidence) : pass(line, evidence);
  };
}

/** All `count` tools of the server are offered (a server exactly at the bounds). */
export function serverFullyRegistered(server: string, count: number): GradeFn {
  return (obs) => {
    const request = firstRequest(obs);
    if (request === null) return notReached('the host never sent a request to the model', obs);
    const got = offeredOf(obs, request, server).length;
    return got === count
      ? pass(`all ${count} tools of ${server} offered`)
      : fail(`${got} of ${count} tools of ${server} offered`, [statusEvidence(obs, server), journalEvidence(obs, server, (e) => e.kind === 'jsonrpc-in')]);
  };
}

const statusEvidence = (obs: Observations, server: string) => {
  const line = obs.statusLines.find((l) => namesWord(l, server));
  return line === undefined ? screenTail(obs) : screenAround(obs, line, 100);
};

/**
 * LIMIT-1 for every list read at discovery: `server` (whose lists never end within the bound)
 * received at most `maxPages` requests of each of `methods`; reached once it was discovered.
 */
export function listsReadWithinPages(server: string, methods: readonly string[], maxPages: number): GradeFn {
  return applying({ maxPages }, (obs) => {
    const journal = obs.servers[server]?.journal ?? [];
    const count = (method: string) => journal.filter((e) => e.kind === 'jsonrpc-in' && e.message.method === method).length;
    if (count('tools/list') === 0) return notReached(`server ${server} was never discovered (no tools/list)`, obs);
    const over = methods.filter((m) => count(m) > maxPages).map((m) => `${count(m)} ${m}`);
    const evidence = [journalEvidence(obs, server, (e) => e.kind === 'jsonrpc-in')];
    return over.length === 0
      ? pass(`server ${server} received ${methods.map((m) => `${count(m)} ${m}`).join(', ')}: at most ${maxPages} pages of each`, evidence)
      : fail(`server ${server} received ${over.join(', ')}: more than ${maxPages} pages`, evidence);
  });
}

// LIMIT-2 / LIMIT-3 ------------------------------------------------------------------------

/** LIMIT-2's "clear message" in the usual words: a limit, maximum or cap of 16 (or of tool calls). */
export const CALL_CAP_MESSAGE =
  /(?:limit|maximum|\bmax\b|\bcap\b|at most|too many)[^\n]*(?:16|tool calls)|(?:16|tool calls)[^\n]*(?:limit|maximum|\bmax\b|\bcap\b|at most)/i;

/**
 * Why the turn had not ended when the user wanted to end it (no prompt came back: the host still
 * asking or busy), or null. A script stopped earlier because an approval it expected never came
 * (the host went on without asking, as a host that does not ask before its own reads does) is no sign.
 */
function turnStillGoing(obs: Observations): string | null {
  const stop = obs.script.stoppedAt;
  return stop !== null && stop.what.startsWith('end') ? `the turn did not end at the cap: ${stop.reason}` : null;
}

/**
 * At most `max` tools/call reached `server` and the screen then says why the turn ended; at
 * most `maxQuestions` approval requests in the turn (more when the host may also ask before
 * calls that are not this server's, such as its own file reads).
 */
export function callCapHeld(server: string, max: number, message: RegExp, maxQuestions = max): GradeFn {
  return applying({ maxCallsPerTurn: maxQuestions, ...(max === maxQuestions ? {} : { serverCalls: max }) }, (obs) => {
    const got = toolCalls(obs, server);
    const evidence = [screenTail(obs, 800)];
    if (got > max) return fail(`server ${server} received ${got} tools/call in one turn (cap ${max})`, evidence);
    if (obs.approvals.length > maxQuestions)
      return fail(`approval request #${maxQuestions + 1} was shown: the turn went on past the cap of ${maxQuestions} calls`, evidence);
    if (got < max) return notReached(`${max} approved calls (server ${server} received ${got})`, obs);
    const unended = turnStillGoing(obs);
    if (unended !== null) return fail(unended, evidence);
    return message.test(shownText(obs))
      ? pass(`server ${server} received ${got} tools/call; the screen says: ${message.exec(shownText(obs))?.[0] ?? ''}`, evidence)
      : fail(`no message matching ${message} when the turn ended`, evidence);
  });
}

/**
 * `grade`, for calls of an optional built-in (`builtin`, such as the resource tool of RESOURCE-1):
 * UNSUPPORTED when the host offered no such function, so what the check observes never comes
 * (`why`, after the reason): a host without an optional ability is not blocked, it lacks it.
 */
export function ifBuiltinOffered(builtin: string, grade: GradeFn, why = 'so it has no such calls to count'): GradeFn {
  return applying(grade.thresholds ?? {}, (obs) => {
    const missing = obs.unresolvedTargets.find((t) => t.target === builtin);
    return missing === undefined ? grade(obs) : unsupported(`the host offers no ${builtin} (${missing.reason}), ${why}`);
  });
}

/**
 * LIMIT-2: the turn ended at the cap: once `server` had its `max` calls, the model was asked
 * nothing more until the user typed again (`requests` model requests in all for the turn).
 */
export function turnEndedAtCap(server: string, max: number, requests: number): GradeFn {
  return applying({ maxCallsPerTurn: max }, (obs) => {
    const got = toolCalls(obs, server);
    if (got < max) return notReached(`${max} approved calls (server ${server} received ${got})`, obs);
    const evidence = [note(`${obs.modelRequests.length} model request(s)`), screenTail(obs, 800)];
    // A host still asking (a request past the cap) or busy when the user wanted to go on did not end the turn, whatever it sent the model.
    if (obs.approvals.length > max) return fail(`approval request #${max + 1} was shown: the turn went on past the cap`, evidence);
    const unended = turnStillGoing(obs);
    if (unended !== null) return fail(unended, evidence);
    return obs.modelRequests.length === requests
      ? pass(`after the cap the turn ended: ${requests} model request(s) in all`, evidence)
      : fail(`${obs.modelRequests.length} model requests, expected ${requests}: the turn went on past the cap`, evidence);
  });
}

/** Once `calls` MCP results of `bytesEach` exceed the host's budget, the next request no longer carries them all in full. */
export function mcpOutputsCounted(server: string, calls: number, bytesEach: number): GradeFn {
  return (obs) => {
    const last = obs.modelRequests.at(-1);
    const sent = toolCalls(obs, server);
    if (sent < calls || last === undefined || last.functionCallOutputs.length < calls)
      return notReached(`${calls} MCP results went back to the model (server ${server} answered ${sent} calls)`, obs);
    // What the model got of each, its API's framing aside (an Anthropic content array's JSON is not its size).
    const carried = last.functionCallOutputs.map((o) => resultText(o.output));
    const bytes = carried.reduce((n, o) => n + Buffer.byteLength(o), 0);
    const evidence = [note(carried.map((o) => cap(o, 160)).join('\n'), `outputs in model request #${last.index + 1}`)];
    return bytes < calls * bytesEach
      ? pass(`the last request carries ${bytes} bytes of the ${calls * bytesEach} bytes of MCP output`, evidence)
      : fail(`the last request still carries all ${bytes} bytes of MCP output`, evidence);
  };
}

// INJECT-2 ---------------------------------------------------------------------------------

/** No hostile field reached the screen with a raw control or invisible character inside it
 *  (the host's own styling elsewhere is its business). */
function rawControlsGrade(obs: Observations, fields: readonly string[]): Grade {
  const { shown, raw } = rawControlsIn(obs.screen.all, fields);
  const evidence = raw.map((r) => note(r.excerpt, `field ${r.field}, after [${r.member}] (JSON-escaped)`));
  const seen = `fields shown: ${shown.join(', ') || 'none'}`;
  return raw.length === 0
    ? pass(`no control, bidi, zero-width or tag character reached the screen raw inside server text (${seen})`)
    : fail(`raw on screen: ${raw.map((r) => `${r.codePoint} in ${r.field} (after [${r.member}])`).join('; ')} (${seen})`, evidence);
}

/**
 * No raw control inside any hostile field on screen. A raw one seen fails at once; a PASS needs
 * the host to have handled every field: the approval for the hostile tool shown and `outputs`
 * tool outputs passed on.
 */
export function noRawControlsInServerText(fields: readonly string[], outputs: number): GradeFn {
  return (obs) => {
    const grade = rawControlsGrade(obs, fields);
    if (grade.verdict === 'FAIL') return grade;
    if (obs.approvals.length === 0) return notReached('an approval request for the hostile tool', obs);
    if (obs.toolOutputs.length < outputs) return notReached(`${outputs} tool outputs passed to the model (saw ${obs.toolOutputs.length})`, obs);
    return grade;
  };
}

/** No raw control inside any hostile field on screen (a raw one fails at once); a PASS needs a
 *  model request that carried the prompt holding `needle` (so its listing and its messages were handled). */
export function noRawControlsInPromptText(fields: readonly string[], needle: string): GradeFn {
  return (obs) => {
    const grade = rawControlsGrade(obs, fields);
    if (grade.verdict === 'FAIL') return grade;
    if (!obs.modelRequests.some((r) => JSON.stringify(r.body ?? '').includes(needle)))
      return notReached(`a model request carrying the prompt ("${needle}")`, obs);
    return grade;
  };
}

/**
 * A result line that tries CR + ESC[2K to overwrite the screen line and fake a question does
 * not start a line of what the user sees: `marker` (its first text) is never at a line start
 * of the rendered screen (on a terminal), or once the raw output is split the way a terminal
 * moves to column 0 (on pipes). Not shown at all also holds; the result must have been
 * passed on first.
 */
export function forgedLineInert(marker: string): GradeFn {
  return (obs) => {
    if (!obs.toolOutputs.some((o) => o.output.includes(marker))) return notReached(`the result holding the forged line ("${marker}") passed to the model`, obs);
    // The rendered screen is what is left at the end (a later clear may have wiped what the user
    // saw), the raw stream is every line ever written: a forged line in either counts.
    const raw = obs.screen.all.split(/\r\n|[\n\r\u000b\u000c\u0085\u2028\u2029]/);
    const lines = [...(obs.screen.rendered?.split('\n') ?? []), ...raw];
    const holding = lines.filter((l) => l.includes(marker));
    if (holding.length === 0) return pass('the forged line never reached the screen');
    const evidence = holding.slice(0, 3).map((l) => note(JSON.stringify(l), 'a screen line holding the forged text (JSON-escaped)'));
    return holding.some((l) => withoutCsi(l).startsWith(marker))
      ? fail("the forged text starts a screen line, so it overwrites what was there and looks like the host's own", evidence)
      : pass('the forged text is shown after the visible escapes on its line', evidence);
  };
}
