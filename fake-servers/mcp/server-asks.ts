// ASK-1..3: a fake server asking the host something while one of its tools/calls waits
// (2025-11-25: a server-to-client request on the call's own stream; 2026-07-28: an
// input_required result whose inputRequests the host answers by sending the call again with
// inputResponses, modernAsk). The host's answer is
// journaled like every message (the verdicts read it there); the call's result only reports
// it back, so the model sees what the host answered. A host that did not declare the
// capability is not asked, unless the behaviour says `evenUndeclared` (a misbehaving server).
import { z } from 'zod';
import type { RequestContext } from './acts.js';
import type { ServerAsk } from './behaviour.js';
import type { JournalWriter } from './journal.js';

type Result = Record<string, unknown>;

/** The client capability each ask needs. */
export const CAPABILITY_OF: Record<ServerAsk['method'], string> = {
  'elicitation/create': 'elicitation',
  'sampling/createMessage': 'sampling',
  'roots/list': 'roots',
};

const AnyResultSchema = z.looseObject({});

/** The id a URL-mode elicitation carries (one per call: nothing completes it later). */
const URL_ELICITATION_ID = 'fake-url-elicitation';

/** The JSON-RPC request a server sends for `ask`. */
export function askRequest(ask: ServerAsk): { method: string; params: Result } {
  switch (ask.method) {
    case 'elicitation/create':
      return {
        method: ask.method,
        params:
          ask.url === undefined
            ? { mode: 'form', message: ask.message, requestedSchema: { type: 'object', properties: ask.fields, required: Object.keys(ask.fields) } }
            : { mode: 'url', message: ask.message, url: ask.url, elicitationId: URL_ELICITATION_ID },
      };
    case 'sampling/createMessage':
      return {
        method: ask.method,
        params: {
          messages: [{ role: 'user', content: { type: 'text', text: ask.text } }],
          maxTokens: 200,
          ...(ask.includeContext && { includeContext: ask.includeContext }),
        },
      };
    default:
      return { method: ask.method, params: {} };
  }
}

const report = (text: string): Result => ({ content: [{ type: 'text', text }] });

/** The key of the one input request a 2026-07-28 call gets. */
export const INPUT_KEY = 'ask';
const CAPABILITIES_META_KEY = 'io.modelcontextprotocol/clientCapabilities';

/**
 * 2026-07-28: the call's answer when its server asks. The first send gets input_required with
 * the ask as its one input request; a send carrying the host's input response gets the report.
 */
export function modernAsk(outcome: { ask: ServerAsk; evenUndeclared?: boolean | undefined }, params: Result, journal: JournalWriter): Result {
  const { method } = outcome.ask;
  const capability = CAPABILITY_OF[method];
  const responses = params.inputResponses as Result | undefined;
  if (responses?.[INPUT_KEY] !== undefined) return report(`The host answered ${method}: ${JSON.stringify(responses[INPUT_KEY])}`);
  const declared = (params._meta as Result | undefined)?.[CAPABILITIES_META_KEY] as Result | undefined;
  if (declared?.[capability] === undefined) {
    if (outcome.evenUndeclared !== true) return report(`The host did not declare ${capability}: not asked.`);
    journal.record({ kind: 'fault', what: `${method} asked for although the host did not declare ${capability}` });
  }
  return { resultType: 'input_required', inputRequests: { [INPUT_KEY]: askRequest(outcome.ask) }, requestState: INPUT_KEY };
}

/** Asks the host (when it may be asked) and reports its answer as the call's result. */
export async function askAndReport(
  outcome: { ask: ServerAsk; evenUndeclared?: boolean | undefined },
  ctx: RequestContext,
  declared: Record<string, unknown> | undefined,
  journal: JournalWriter,
): Promise<Result> {
  const { method } = outcome.ask;
  const capability = CAPABILITY_OF[method];
  if (declared?.[capability] === undefined) {
    if (outcome.evenUndeclared !== true) return report(`The host did not declare ${capability}: not asked.`);
    journal.record({ kind: 'fault', what: `${method} sent although the host did not declare ${capability}` });
  }
  if (ctx.sendRequest === undefined) return report(`This revision cannot carry ${method} here.`);
  try {
    const answer = await ctx.sendRequest(askRequest(outcome.ask), AnyResultSchema, { signal: ctx.signal });
    return report(`The host answered ${method}: ${JSON.stringify(answer)}`);
  } catch (error) {
    const { code, message } = error as { code?: number; message?: string };
    return report(`The host answered ${method} with an error${code === undefined ? '' : ` ${code}`}: ${message ?? String(error)}`);
  }
}
