// Checks of the governance area: POLICY-1..4 (a policy pack only tightens: refusals happen
// locally, approval stays, an invalid pack stops start-up) and TELEMETRY-1..2 (one record
// per MCP call with who/what/how/how long, and nothing else of the call).
import type { CallStatus } from '../adapters/host-adapter.js';
import { canaryGrade } from './canary-grade.js';
import { isMethod, type GradeFn } from './check-helpers.js';
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
  screenTail,
  shownText,
  statusUnreadable,
} from './evidence.js';
import type { Observations } from './observations.js';
import { type Grade, applying } from './scenario-schema.js';
import { outputNotReached } from './outcome-owed.js';

type JournalEntry = Observations['servers'][string]['journal'][number];

/** `method` requests whose params[key] is `value` (a tools/call by name, a resources/read by uri). */
const requestOf =
  (method: string, key: string, value: string) =>
  (e: JournalEntry): boolean =>
    e.kind === 'jsonrpc-in' && e.message.method === method && (e.message.params as Record<string, unknown> | undefined)?.[key] === value;

/**
 * No `method` request for any of `refused` reached `server`, while the one for `allowed` reached
 * `allowedAt` (the host does send them; by default the same server).
 */
function refusedNeverSent(server: string, method: string, key: string, refused: string | readonly string[], allowed: string, allowedAt = server): GradeFn {
  const values: readonly string[] = typeof refused === 'string' ? [refused] : refused;
  return (obs) => {
    const journal = obs.servers[server]?.journal ?? [];
    const evidence = [...new Set([server, allowedAt])].map((name) => journalEvidence(obs, name, isMethod(method)));
    const sent = values.flatMap((value) => {
      const n = journal.filter(requestOf(method, key, value)).length;
      return n > 0 ? [`${n} ${method} of ${value}`] : [];
    });
    if (sent.length > 0) return fail(`server ${server} received ${sent.join(', ')}`, evidence);
    if (!(obs.servers[allowedAt]?.journal ?? []).some(requestOf(method, key, allowed)))
      return notReached(`the allowed ${method} of ${allowed} never reached server ${allowedAt}`, obs);
    return pass(`server ${allowedAt} received ${method} of ${allowed} but server ${server} never of ${values.join(', ')}`, evidence);
  };
}

/** POLICY-1: no tools/call of any `denied` name reached the server, while the allowed call did. */
export const serverNeverGotTool = (server: string, denied: string | readonly string[], allowed: string): GradeFn =>
  refusedNeverSent(server, 'tools/call', 'name', denied, allowed);

/** POLICY-3, RESOURCE-2: no resources/read of any `excluded` URI reached `server`, while the read of `allowed` reached `allowedAt` (default the same server). */
export const serverNeverRead = (server: string, excluded: string | readonly string[], allowed: string, allowedAt = server): GradeFn =>
  refusedNeverSent(server, 'resources/read', 'uri', excluded, allowed, allowedAt);

/**
 * POLICY-1/3, CONFIG-2: tool output #index told the model the action was refused (denied or
 * failed), not run. With `withheld` (a canary label part): a refusal cannot carry what it
 * refused, so the output must not hold that canary, whatever its status word says.
 */
export function modelToldRefused(index: number, withheld?: string): GradeFn {
  return (obs) => {
    const out = obs.toolOutputs[index];
    if (out === undefined) return outputNotReached(`tool output #${index + 1} never reached the model`, obs);
    const evidence = outputEvidence(out);
    const carried = withheld === undefined ? undefined : obs.canaries.find((c) => c.label.includes(withheld) && out.output.includes(c.value));
    if (carried !== undefined)
      return fail(`tool output #${index + 1} has status ${out.status ?? 'unreadable'} but carries ${carried.label}: the read was not refused`, evidence);
    if (out.status === null) return statusUnreadable([{ name: `tool output #${index + 1}`, out }], obs, evidence);
    return out.status === 'denied' || out.status === 'failed'
      ? pass(`tool output #${index + 1} has status ${out.status}`, evidence)
      : fail(`tool output #${index + 1} has status ${out.status}, expected denied or failed`, evidence);
  };
}

/** Approval requests that mention `subject` (a tool name, a URI) in a field or their text. */
const approvalsMentioning = (obs: Observations, subject: string): number[] =>
  obs.approvals.flatMap((a, i) => (a.fields.tool === subject || a.text.includes(subject) ? [i] : []));

/** POLICY-1/3: no approval request mentioned `subject` (a tool name, a URI), while one was shown for another call. */
export function noApprovalFor(subject: string): GradeFn {
  return (obs) => {
    const evidence = obs.approvals.map((_, i) => approvalEvidence(obs, i));
    const asked = approvalsMentioning(obs, subject)[0];
    if (asked !== undefined) return fail(`approval request #${asked + 1} asked the user about ${subject}`, evidence);
    if (obs.approvals.length === 0) return notReached('no approval request was shown for the allowed call', obs);
    return pass(`${obs.approvals.length} approval request(s), none about ${subject}`, evidence);
  };
}

/**
 * `grade`, whose PASS stands only once tool output #`index + 1` reached the model: a question
 * never asked proves nothing about a call the host never got to (the turn ended, the host died).
 * A FAIL stands as it is.
 */
export function passOnceOutputReached(index: number, grade: GradeFn): GradeFn {
  return (obs) => {
    const graded = grade(obs);
    if (graded.verdict !== 'PASS' || graded.reached === false || graded.unsupported === true || obs.toolOutputs[index] !== undefined) return graded;
    return outputNotReached(`tool output #${index + 1} never reached the model`, obs);
  };
}

/** POLICY-2 on reads: exactly `count` approval requests mention `subject`: the allowed ones were asked about, none past them. */
export function approvalsAbout(subject: string, count: number): GradeFn {
  return applying({ maxQuestions: count }, (obs) => {
    const asked = approvalsMentioning(obs, subject);
    const evidence = obs.approvals.map((_, i) => approvalEvidence(obs, i));
    if (asked.length > count)
      return fail(`${asked.length} approval requests are about ${subject} (#${asked.map((i) => i + 1).join(', #')}), expected ${count}`, evidence);
    if (asked.length < count) return notReached(`approval request #${asked.length + 1} about ${subject}`, obs);
    return pass(`${count} approval request(s) about ${subject}, none past them`, evidence);
  });
}

/**
 * POLICY-2: after exactly `count` answered approval requests the host came back to its prompt
 * by itself (the user script ran to its end): a call past the limit raised no question.
 */
export function noQuestionPast(count: number): GradeFn {
  return applying({ maxQuestions: count }, (obs) => {
    const evidence = [...obs.approvals.map((_, i) => approvalEvidence(obs, i)), screenTail(obs)];
    if (obs.approvals.length < count) return notReached(`approval request #${obs.approvals.length + 1} of ${count}`, obs);
    if (obs.approvals.length > count) return fail(`${obs.approvals.length} approval requests, expected ${count}`, evidence);
    const stop = obs.script.stoppedAt;
    return stop === null
      ? pass(`${count} approval requests, then the host was back at its prompt`, evidence)
      : fail(
          `after ${count} approved calls the host did not come back to its prompt (${stop.what}: ${stop.reason}); the screen ends with another question`,
          evidence,
        );
  });
}

/** POLICY-4: the host's first start ended by itself with a non-zero exit code. */
export function startupExitedWithError(): GradeFn {
  return (obs) => {
    const exit = obs.exits[0];
    const evidence = [screenTail(obs)];
    if (exit === undefined) return notReached('the host never exited', obs);
    if (exit.killedByHarness) return fail('the host kept running; the harness had to stop it', evidence);
    return exit.code !== null && exit.code !== 0
      ? pass(`the host exited with code ${exit.code}`, evidence)
      : fail(`the host exited with ${exit.code === null ? `signal ${exit.signal ?? '?'}` : 'code 0'}`, evidence);
  };
}

/** What a host does to a fake server when it connects (a stdio server's start included). */
const CONTACTS = new Set<JournalEntry['kind']>(['start', 'connection-open', 'http-request', 'jsonrpc-in']);

/** POLICY-4: no server saw any contact (start, connection, request) and the model got no request. */
export function nothingConnected(): GradeFn {
  return (obs) => {
    const contacted = Object.values(obs.servers).filter((s) => s.journal.some((e) => CONTACTS.has(e.kind)));
    const evidence = [...Object.keys(obs.servers).map((name) => journalEvidence(obs, name)), note(`${obs.modelRequests.length} model request(s)`)];
    if (obs.exits.length === 0) return notReached('the host never exited', obs);
    if (contacted.length > 0) return fail(`contacted: ${contacted.map((s) => s.name).join(', ')}`, evidence);
    if (obs.modelRequests.length > 0) return fail(`the model received ${obs.modelRequests.length} request(s)`, evidence);
    return pass('no server journal holds anything and the model received no request', evidence);
  };
}

/** POLICY-4: once the host stopped by itself, its screen names every one of `parts` (the file, the server, the setting). */
export function startupErrorNames(parts: readonly string[]): GradeFn {
  return (obs) => {
    const exit = obs.exits[0];
    if (exit === undefined) return notReached('the host starting', obs);
    // POLICY-4 asks that an invalid policy file stop start-up: one that ran on owes it.
    if (exit.killedByHarness) return neverHappened('the host stopping start-up by itself', 'it was started with an invalid policy file', obs);
    const missing = parts.filter((p) => !shownText(obs).includes(p));
    const evidence = [screenTail(obs)];
    return missing.length === 0 ? pass(`the screen names ${parts.join(', ')}`, evidence) : fail(`the screen does not name ${missing.join(', ')}`, evidence);
  };
}

/**
 * POLICY-4 where a policy names a server in another case than mcp.json: the pack is either
 * refused (start-up stops by itself before the model is asked anything) or in force (`tool`
 * of `server`, which it denies, is refused locally: never sent, never asked about). A refusal
 * names the server as the policy `written` it. What it may not be is accepted and then applied
 * to nothing.
 */
export function policyRefusedOrInForce(server: string, tool: string, written: string): GradeFn {
  return (obs) => {
    const sent = (obs.servers[server]?.journal ?? []).filter(requestOf('tools/call', 'name', tool)).length;
    const evidence = [journalEvidence(obs, server, (e) => e.kind === 'jsonrpc-in'), screenTail(obs)];
    if (sent > 0) return fail(`server ${server} received ${sent} tools/call of ${tool}: the policy was accepted but does not deny it`, evidence);
    const asked = approvalsMentioning(obs, tool)[0];
    if (asked !== undefined) return fail(`approval request #${asked + 1} asked the user about ${tool}: the policy was accepted but does not deny it`, evidence);
    // A host that stops at start-up is gone before the user's first message (no exit is awaited then).
    if (obs.script.stoppedAt?.hostExited === true && obs.modelRequests.length === 0) {
      // Refused means a clear error about the policy: a host that died for another reason says nothing of it.
      return shownText(obs).includes(written)
        ? pass(`start-up stopped before the model was asked anything, naming ${written}`, evidence)
        : fail(`start-up stopped, but the screen never names ${written}, the server the policy names: no clear error about the policy`, evidence);
    }
    const told = modelToldRefused(0)(obs);
    return told.verdict === 'PASS' ? pass(`the policy is in force: ${told.observed}, never sent, never asked about`, [...evidence, ...told.evidence]) : told;
  };
}

function telemetryEvidence(obs: Observations) {
  return note(cap(obs.telemetry?.raw || '(empty)'), `telemetry ${obs.telemetry?.file ?? '(none)'}`);
}

/** The records, or a "not reached" grade when there is nothing to grade against. */
function telemetryAndCalls(obs: Observations): { records: Record<string, unknown>[]; calls: Observations['toolOutputs'] } | Grade {
  if (obs.telemetry === null) return notReached("the host's adapter reads no telemetry", obs);
  if (obs.toolOutputs.length === 0) return notReached('no MCP call result reached the model', obs);
  return { records: obs.telemetry.records, calls: obs.toolOutputs };
}

/** TELEMETRY-1: exactly one record per call the model made. */
export function telemetryRecordPerCall(): GradeFn {
  return (obs) => {
    const seen = telemetryAndCalls(obs);
    if ('verdict' in seen) return seen;
    const evidence = [telemetryEvidence(obs)];
    return seen.records.length === seen.calls.length
      ? pass(`${seen.records.length} record(s) for ${seen.calls.length} call(s)`, evidence)
      : fail(`${seen.records.length} record(s) for ${seen.calls.length} call(s)`, evidence);
  };
}

/** Names of the function calls the model made (the offered names), from its last request. */
function offeredNamesCalled(obs: Observations): Set<string> {
  const input = obs.modelRequests.at(-1)?.input ?? [];
  const names = input.flatMap((item) => {
    const i = item as { type?: unknown; name?: unknown };
    return i.type === 'function_call' && typeof i.name === 'string' ? [i.name] : [];
  });
  return new Set(names);
}

/** TELEMETRY-1: record i names `server`, the original `tool`, the offered name called, call i's status and a latency in ms. */
export function telemetryRecordFields(server: string, tool: string): GradeFn {
  return (obs) => {
    const seen = telemetryAndCalls(obs);
    if ('verdict' in seen) return seen;
    if (seen.records.length === 0) return fail('no telemetry record at all', [telemetryEvidence(obs)]);
    const offered = offeredNamesCalled(obs);
    const problems = seen.records.flatMap((r, i) => {
      const want: CallStatus | null | undefined = seen.calls[i]?.status;
      const wrong = [
        r.server !== server && `server ${JSON.stringify(r.server)} (expected "${server}")`,
        r.tool !== tool && `tool ${JSON.stringify(r.tool)} (expected "${tool}")`,
        (typeof r.offeredName !== 'string' || !offered.has(r.offeredName)) &&
          `offeredName ${JSON.stringify(r.offeredName)} (called: ${[...offered].join(', ')})`,
        // A status the model got that could not be read is compared with nothing (below).
        want !== null && r.status !== want && `status ${JSON.stringify(r.status)} (the model got ${want ?? 'nothing'})`,
        (typeof r.latencyMs !== 'number' || !Number.isFinite(r.latencyMs) || r.latencyMs < 0) && `latencyMs ${JSON.stringify(r.latencyMs)}`,
      ].filter((p): p is string => typeof p === 'string');
      return wrong.length === 0 ? [] : [`record #${i + 1}: ${wrong.join(', ')}`];
    });
    const evidence = [telemetryEvidence(obs)];
    if (problems.length > 0) return fail(problems.join('; '), evidence);
    const unreadable = seen.calls
      .slice(0, seen.records.length)
      .flatMap((out, i) => (out.status === null ? [{ name: `call #${i + 1} (record #${i + 1})`, out }] : []));
    if (unreadable.length > 0) return statusUnreadable(unreadable, obs, [...evidence, ...unreadable.flatMap((u) => outputEvidence(u.out, 600))]);
    return pass(`${seen.records.length} record(s) name server, tool, offered name, status and latency`, evidence);
  };
}

/**
 * TELEMETRY-1 in its unit: record #index, of a call the server answered `delayMs` late, has a
 * latencyMs of at least that (milliseconds, not seconds) and at most the time between the model
 * request answered with the call and the one that carried its result (not microseconds).
 */
export function telemetryLatencyAtLeast(index: number, delayMs: number): GradeFn {
  return applying({ minLatencyMs: delayMs }, (obs) => {
    const seen = telemetryAndCalls(obs);
    if ('verdict' in seen) return seen;
    const record = seen.records[index];
    const evidence = [telemetryEvidence(obs)];
    if (record === undefined) return fail(`no telemetry record #${index + 1}`, evidence);
    const carried = seen.calls[index]?.request;
    const asked = carried === undefined ? undefined : obs.modelRequestMono[carried - 1];
    const answered = carried === undefined ? undefined : obs.modelRequestMono[carried];
    if (asked === undefined || answered === undefined) return notReached(`the result of call #${index + 1} reaching the model`, obs);
    const windowMs = Math.ceil(answered - asked);
    const latency = record.latencyMs;
    if (typeof latency !== 'number' || latency < delayMs)
      return fail(`record #${index + 1}: latencyMs ${JSON.stringify(latency)} for a call the server answered ${delayMs} ms late`, evidence);
    return latency <= windowMs
      ? pass(
          `record #${index + 1}: latencyMs ${latency} for a call answered ${delayMs} ms late, within the ${windowMs} ms from its model request to its result`,
          evidence,
        )
      : fail(
          `record #${index + 1}: latencyMs ${latency}, more than the ${windowMs} ms from the model asking for the call to its result reaching the model (not milliseconds)`,
          evidence,
        );
  });
}

/** Every `length`-character part of `value` (the value itself when shorter): what a record must not hold of it. */
export function partsOf(value: string, length: number): string[] {
  if (value.length <= length) return [value];
  return Array.from({ length: value.length - length + 1 }, (_, i) => value.slice(i, i + length));
}

/** TELEMETRY-2: the telemetry (which holds at least one record) contains none of `values` (`what` names them). */
export function telemetryLacks(what: string, values: (obs: Observations) => readonly string[]): GradeFn {
  return (obs) => {
    if (obs.telemetry === null) return notReached("the host's adapter reads no telemetry", obs);
    if (obs.telemetry.records.length === 0) return notReached('the host left no telemetry record', obs);
    const found = values(obs).filter((v) => obs.telemetry?.raw.includes(v));
    const evidence = [telemetryEvidence(obs)];
    return found.length === 0
      ? pass(`no ${what} in ${obs.telemetry.records.length} record(s)`, evidence)
      : fail(`telemetry holds ${what}: ${found.join(', ')}`, evidence);
  };
}

/**
 * TELEMETRY-2, CRED-3: no credential canary (in any form, from the canary scan of the whole
 * file) is in the telemetry, which holds at least one record.
 */
export function telemetryLacksCredentials(): GradeFn {
  return (obs) => {
    if (obs.telemetry === null) return notReached("the host's adapter reads no telemetry", obs);
    if (obs.telemetry.records.length === 0) return notReached('the host left no telemetry record', obs);
    const channel = `file:${obs.telemetry.file}`;
    return canaryGrade('', { name: `the telemetry (${obs.telemetry.file})`, covers: (c) => c === channel }, 'used')(obs);
  };
}

/**
 * POLICY-4 (fail closed): the checks of a scenario that hands the host an invalid pack and
 * ends it at once: start-up stops with an error naming `names`, nothing is connected.
 * `faults`: more faulty hosts the checks must fail against (besides invalid-policy-ignored).
 */
export function invalidPolicyChecks(names: readonly string[], faults: readonly string[] = []) {
  return [
    {
      id: 'startup-stops',
      guarantees: ['POLICY-4'],
      expected: 'the host exits by itself with a non-zero code',
      provenBy: ['invalid-policy-ignored', ...faults],
      grade: startupExitedWithError(),
    },
    {
      id: 'nothing-connected',
      guarantees: ['POLICY-4'],
      expected: 'no server is contacted and the model receives no request',
      provenBy: ['invalid-policy-ignored', ...faults],
      grade: nothingConnected(),
    },
    {
      id: 'error-names-the-problem',
      guarantees: ['POLICY-4'],
      expected: `the screen names ${names.join(', ')}`,
      provenBy: ['invalid-policy-ignored'],
      grade: startupErrorNames(names),
    },
  ];
}
