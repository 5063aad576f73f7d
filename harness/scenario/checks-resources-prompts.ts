// Checks of RESOURCE-1..3 (reads through one dedicated tool, asked first, to the named server
// alone; unlisted URIs never sent; contents mapped like tool results) and PROMPT-1 (a server
// prompt is fetched only when the user asks, shown, and given to the model as user content
// marked with its server, never as instructions or system text).
import type { ModelRequestRecord } from '../../fake-servers/model/request.js';
import { isMethod, type GradeFn } from './check-helpers.js';
import {
  approvalEvidence,
  cap,
  fail,
  journalEvidence,
  modelRequestEvidence,
  note,
  notReached,
  outputEvidence,
  pass,
  screenTail,
  shownText,
  statusUnreadable,
} from './evidence.js';
import type { Observations } from './observations.js';
import { outputAt, type OutputRef } from './call-of.js';
import { outputNotReached } from './outcome-owed.js';
import { applying } from './scenario-schema.js';

/** The model step (or call) that reads one resource through the host's dedicated tool. */
export const resourceRead = (server: string, uri: string) => ({ builtin: 'read_mcp_resource', arguments: { server, uri } });

function readUris(obs: Observations, server: string): string[] {
  return (obs.servers[server]?.journal ?? []).filter(isMethod('resources/read')).map((e) => {
    const uri = e.kind === 'jsonrpc-in' ? (e.message.params as { uri?: unknown } | undefined)?.uri : undefined;
    return typeof uri === 'string' ? uri : '(no uri)';
  });
}

const listOf = (l: readonly string[]): string => (l.length === 0 ? 'nothing' : l.join(', '));

/** RESOURCE-1/2: `server` received resources/read of exactly these URIs, in order ([]: nothing). */
export function serverReadExactly(server: string, uris: readonly string[]): GradeFn {
  return (obs) => {
    const got = readUris(obs, server);
    const evidence = [journalEvidence(obs, server, isMethod('resources/read'))];
    const same = got.length === uris.length && got.every((u, i) => u === uris[i]);
    return same
      ? pass(`server ${server} received resources/read of ${listOf(got)}`, evidence)
      : fail(`server ${server} received resources/read of ${listOf(got)}; expected ${listOf(uris)}`, evidence);
  };
}

/**
 * RESOURCE-1: `server` received the approved reads `approved` (in order) and nothing else.
 * Sending fewer breaches nothing here (a host may end the turn at the user's denial, and the
 * later reads are never asked of it): a first part of `approved` passes, saying what was never
 * sent; a read past it, repeated or out of order (the denied one sent) fails. Nothing read at
 * all: the check could not look.
 */
export function serverReadOnlyApproved(server: string, approved: readonly string[]): GradeFn {
  return (obs) => {
    const got = readUris(obs, server);
    const evidence = [journalEvidence(obs, server, isMethod('resources/read'))];
    if (got.length === 0) return notReached(`server ${server} never received a resources/read`, obs);
    const first = got.length <= approved.length && got.every((u, i) => u === approved[i]);
    if (!first)
      return fail(`server ${server} received resources/read of ${listOf(got)}; only ${listOf(approved)} were approved, once each in that order`, evidence);
    const unsent = approved.slice(got.length);
    return pass(`server ${server} received resources/read of ${listOf(got)}${unsent.length === 0 ? '' : ` (the host never sent ${listOf(unsent)})`}`, evidence);
  };
}

/**
 * RESOURCE-1: `other` received no resources/read, once `named` did (a host that reads nothing
 * proves nothing). A read that reached `other` is the breach whatever `named` got: seen first.
 */
export function readOnlyFrom(named: string, other: string): GradeFn {
  return (obs) => {
    const strayed = readUris(obs, other);
    if (strayed.length > 0) {
      const got = readUris(obs, named);
      return fail(
        `server ${other} received resources/read of ${strayed.join(', ')} (server ${named}, the one named, received ${got.length === 0 ? 'none' : got.join(', ')})`,
        [journalEvidence(obs, other, isMethod('resources/read')), journalEvidence(obs, named, isMethod('resources/read'))],
      );
    }
    return readUris(obs, named).length === 0 ? notReached(`server ${named} never received a resources/read`, obs) : serverReadExactly(other, [])(obs);
  };
}

/**
 * RESOURCE-1/2: once `reached.server` received the read of `reached.uri` (the host does send
 * reads), each server of `allowed` received resources/read of its listed URIs only: a
 * look-alike of a listed URI, a read rerouted to another server, a read of a server that
 * listed nothing are each a read of something that server did not offer.
 */
export function readsConfinedTo(allowed: Readonly<Record<string, readonly string[]>>, reached: { server: string; uri: string }): GradeFn {
  return (obs) => {
    const servers = Object.keys(allowed);
    const evidence = servers.map((s) => journalEvidence(obs, s, isMethod('resources/read')));
    const stray = servers.flatMap((s) =>
      readUris(obs, s)
        .filter((uri) => !(allowed[s] ?? []).includes(uri))
        .map((uri) => `${s}: ${uri}`),
    );
    if (stray.length > 0) return fail(`resources/read of URIs those servers did not list: ${stray.join(', ')}`, evidence);
    if (!readUris(obs, reached.server).includes(reached.uri))
      return notReached(`server ${reached.server} never received the allowed resources/read of ${reached.uri}`, obs);
    return pass(`${servers.join(', ')} received resources/read only of URIs they listed`, evidence);
  };
}

/** RESOURCE-1: approval request #index was shown for the read of `uri` on `server`. */
export function readApprovalShown(index: number, server: string, uri: string): GradeFn {
  return (obs) => {
    const shown = obs.approvals[index];
    if (shown === undefined) {
      return fail(`no approval request #${index + 1} was shown; server ${server} received resources/read of ${readUris(obs, server).join(', ') || 'nothing'}`, [
        journalEvidence(obs, server, isMethod('resources/read')),
        screenTail(obs),
      ]);
    }
    const evidence = [approvalEvidence(obs, index)];
    return shown.text.includes(uri) && shown.text.includes(server)
      ? pass(`approval request #${index + 1} named server ${server} and ${uri}`, evidence)
      : fail(`approval request #${index + 1} does not name both server ${server} and ${uri}`, evidence);
  };
}

/** RESOURCE-3: one tool output (by place, or the one answering a read) kept every one of `texts`, and no 32-character slice of `base64`, or of what it decodes to, reached the model. */
export function textKeptBlobOmitted(textRef: OutputRef, texts: readonly string[], blobRef: OutputRef, base64: string): GradeFn {
  return (obs) => {
    const textOut = outputAt(obs, textRef);
    const blobOut = outputAt(obs, blobRef);
    if (textOut.out === undefined || blobOut.out === undefined)
      return outputNotReached(`${textOut.name} and ${blobOut.name} never both reached the model`, obs);
    const evidence = [textOut.out, blobOut.out].flatMap((o) => outputEvidence(o, 600));
    const kept = textOut.out.text;
    const lost = texts.filter((text) => !kept.includes(text));
    if (lost.length > 0) return fail(`${textOut.name} lost the resource text ${lost.map((t) => `"${t}"`).join(', ')}`, evidence);
    const sent = obs.modelRequests.map((r) => JSON.stringify(r.body)).join('\n');
    // Omitted means neither form: the base64 nor the bytes it decodes to (a text/* blob decoded is still the blob).
    const forms = { base64, decoded: Buffer.from(base64, 'base64').toString('utf8') };
    for (const [form, value] of Object.entries(forms)) {
      for (let start = 0; start + 32 <= value.length; start += 16) {
        if (sent.includes(value.slice(start, start + 32))) return fail(`the blob's ${form} content (from offset ${start}) reached the model`, evidence);
      }
    }
    return pass(`the text resource reached the model; no part of the blob, base64 or decoded, did`, evidence);
  };
}

/** RESOURCE-3: a tool output (by place, or the one answering a read) is output_limit, within 64 KiB (plus the result's wrapping) and keeps `start`. */
export function contentCapped(ref: OutputRef, start: string, wrappingBytes = 1024): GradeFn {
  return applying({ maxBytes: 64 * 1024 + wrappingBytes }, (obs) => {
    const { out, name } = outputAt(obs, ref);
    if (out === undefined) return outputNotReached(`${name} never reached the model`, obs);
    const bytes = Buffer.byteLength(out.text, 'utf8');
    const evidence = [...outputEvidence(out, 300), note(`${bytes} bytes`)];
    if (bytes > 64 * 1024 + wrappingBytes) return fail(`${name} is ${bytes} bytes, over the 64 KiB cap`, evidence);
    if (!out.text.includes(start)) return fail(`${name} does not keep the start of the contents`, evidence);
    if (out.status === null) return statusUnreadable([{ name, out }], obs, evidence);
    return out.status === 'output_limit'
      ? pass(`${name} is output_limit, ${bytes} bytes`, evidence)
      : fail(`${name} has status ${out.status}, expected output_limit`, evidence);
  });
}

/**
 * Where `needle` sits in one model request: instructions, or input items by role/type. Read from
 * the journal's record, whose instructions and input have one shape in every model API (a Chat
 * Completions, Anthropic or Gemini body has no `input`; its system text is the instructions).
 */
function placesIn(request: ModelRequestRecord | undefined, needle: string): string[] {
  if (request === undefined) return [];
  const places: string[] = [];
  if (request.instructions?.includes(needle) === true) places.push('instructions');
  for (const item of request.input) {
    if (!JSON.stringify(item).includes(needle)) continue;
    const { type, role } = item as { type?: unknown; role?: unknown };
    places.push(typeof role === 'string' ? `${role} message` : `${String(type)} item`);
  }
  return places;
}

/** Texts of the input items of a request (as journaled, in any model API) containing `needle`. */
function itemTexts(request: ModelRequestRecord | undefined, needle: string): string[] {
  return (request?.input ?? []).map((item) => JSON.stringify(item)).filter((t) => t.includes(needle));
}

/**
 * PROMPT-1: the server received prompts/get exactly once, and only after the first model
 * request (the user's own message before asking for the prompt); that request carried no
 * prompt text.
 */
export function promptFetchedOnlyWhenAsked(server: string, needle: string): GradeFn {
  return (obs) => {
    const gets = (obs.servers[server]?.journal ?? []).filter(isMethod('prompts/get'));
    const first = obs.modelRequestMono[0];
    const evidence = [journalEvidence(obs, server, (e) => e.kind === 'jsonrpc-in'), modelRequestEvidence(obs, 0, (b) => (b as { input?: unknown }).input)];
    if (first === undefined) return notReached('the host never sent a request to the model', obs);
    const early = gets.filter((e) => e.mono < first);
    if (early.length > 0) return fail(`server ${server} received prompts/get before the user asked for a prompt`, evidence);
    if (placesIn(obs.modelRequests[0], needle).length > 0) return fail('the first model request, before the user asked, already carried the prompt', evidence);
    if (gets.length === 0) return notReached(`server ${server} never received the prompts/get the user asked for`, obs);
    return gets.length === 1
      ? pass(`one prompts/get, after the user asked`, evidence)
      : fail(`server ${server} received prompts/get ${gets.length} times`, evidence);
  };
}

/** The model requests that carry `needle` anywhere. */
function carrying(obs: Observations, needle: string): number[] {
  return obs.modelRequests.flatMap((r, i) => (JSON.stringify(r.body ?? '').includes(needle) ? [i] : []));
}

/** The needles (one per prompt message) some model request carried; [] when none did. */
const carried = (obs: Observations, needles: readonly string[]): string[] => needles.filter((n) => carrying(obs, n).length > 0);

/**
 * PROMPT-1: every prompt message the model received (from its needle to the end of that line)
 * was on the user's screen. One needle per message of the prompt (first, middle, last; each
 * role), so a host showing only some of them is seen.
 */
export function promptShownBeforeUse(needles: readonly string[]): GradeFn {
  return (obs) => {
    if (carried(obs, needles).length === 0) return notReached('no model request carried the prompt', obs);
    for (const needle of needles) {
      for (const i of carrying(obs, needle)) {
        for (const text of itemTexts(obs.modelRequests[i], needle)) {
          const message = (JSON.parse(text) as { content?: unknown }).content;
          const body = typeof message === 'string' ? message : JSON.stringify(message);
          const part = body.slice(body.indexOf(needle)).split('\n')[0] ?? '';
          if (!shownText(obs).includes(part))
            return fail(`model request #${i + 1} carried prompt text the user was never shown: "${part.slice(0, 120)}"`, [
              modelRequestEvidence(obs, i, (b) => (b as { input?: unknown }).input),
              screenTail(obs),
            ]);
        }
      }
    }
    return pass(`the prompt text the model received was on the screen`, [screenTail(obs)]);
  };
}

/**
 * PROMPT-1: every message of the prompt (one needle each) reached the model, and only in user
 * messages, never instructions, system or assistant messages. A message left out is not
 * inserted at all: FAIL once any other message of the prompt reached the model.
 */
export function promptOnlyAsUserContent(needles: readonly string[]): GradeFn {
  return (obs) => {
    const reached = carried(obs, needles);
    if (reached.length === 0) return notReached('no model request carried the prompt', obs);
    const lost = needles.filter((n) => !reached.includes(n));
    if (lost.length > 0)
      return fail(`the prompt's messages ${lost.map((n) => `"${n}"`).join(', ')} never reached the model (others of the prompt did)`, [
        modelRequestEvidence(obs, carrying(obs, reached[0] ?? '')[0] ?? 0, (b) => (b as { input?: unknown }).input),
      ]);
    for (const needle of needles) {
      for (const i of carrying(obs, needle)) {
        const places = placesIn(obs.modelRequests[i], needle);
        const wrong = places.filter((p) => p !== 'user message');
        const evidence = [
          modelRequestEvidence(obs, i, (b) => ({ instructions: (b as { instructions?: unknown }).instructions, input: (b as { input?: unknown }).input })),
        ];
        if (wrong.length > 0 || places.length === 0)
          return fail(`model request #${i + 1} carried the prompt's "${needle}" in: ${places.join(', ') || 'a place other than input'}`, evidence);
      }
    }
    return pass(`every message of the prompt reached the model, only as user messages`);
  };
}

/** PROMPT-1: every user item carrying a message of the prompt (one needle each) names its server. */
export function promptMarkedWithServer(needles: readonly string[], server: string): GradeFn {
  return (obs) => {
    if (carried(obs, needles).length === 0) return notReached('no model request carried the prompt', obs);
    for (const needle of needles) {
      for (const i of carrying(obs, needle)) {
        const unmarked = itemTexts(obs.modelRequests[i], needle).filter((t) => !t.includes(server));
        if (unmarked.length > 0)
          return fail(`model request #${i + 1} carried the prompt's "${needle}" without naming server ${server}: ${cap(unmarked[0] ?? '', 300)}`, [
            modelRequestEvidence(obs, i, (b) => (b as { input?: unknown }).input),
          ]);
      }
    }
    return pass(`every item carrying the prompt names server ${server}`);
  };
}

/** PROMPT-1: `server` received no prompts/get, once `asked` received the one the user asked for (a host that fetched nothing proves nothing). */
export function noPromptFetchedFrom(server: string, asked: string): GradeFn {
  return (obs) => {
    const gets = (obs.servers[server]?.journal ?? []).filter(isMethod('prompts/get'));
    const evidence = [journalEvidence(obs, server, isMethod('prompts/get'))];
    if (gets.length > 0) return fail(`server ${server} received prompts/get ${gets.length} time(s): the user never asked for a prompt of it`, evidence);
    if (!(obs.servers[asked]?.journal ?? []).some(isMethod('prompts/get')))
      return notReached(`server ${asked} never received the prompts/get the user asked for`, obs);
    return pass(`server ${server} received no prompts/get`, evidence);
  };
}
