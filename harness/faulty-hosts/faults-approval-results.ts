// Faults for the APPROVE, RESULT, UNKNOWN scenarios. Each breaks one guarantee through a
// refhost seam: ChatDeps.wrapApprove (the confirmation), ChatDeps.connect (McpConnections.call:
// outcome mapping and sending), McpDeps.fetch (to see what an HTTP server really answered,
// as a host without refhost's result mapping would) and ChatDeps.createModelClient.
import { connectAll, type McpDeps } from '../../reference-host/mcp/connect-all.js';
import { createGuardedFetch } from '../../reference-host/mcp/guarded-fetch.js';
import type { CallOutcome, McpConnections } from '../../reference-host/mcp/types.js';
import type { ApprovalPolicy, ApprovalRequest } from '../../reference-host/chat/approval.js';
import type { ChatDeps } from '../../reference-host/chat/run-chat.js';
import { createOpenAiModelClient } from '../../reference-host/chat/model-client.js';
import { toolOutputJson } from '../../reference-host/chat/history.js';
import { APPROVE_PROMPT, confirmationText, isYes } from '../../reference-host/ui/confirmation.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { withDeadlines, type Fault } from './fault-kit.js';

type Call = McpConnections['call'];
type Message = Record<string, unknown>;

/** Connects through refhost, then replaces `call`. */
function wrappedCall(wrap: (call: Call) => Call, mcp: McpDeps = {}): NonNullable<ChatDeps['connect']> {
  return async (config, options) => {
    const c = await connectAll(config, options, mcp);
    return { ...c, call: wrap((tool, args, signal) => c.call(tool, args, signal)) };
  };
}

/** A call wrapper that rewrites outcomes of one status. */
const remap = (from: CallOutcome['status'], to: (o: CallOutcome) => CallOutcome): ChatDeps => ({
  connect: wrappedCall((call) => async (tool, args, signal) => {
    const outcome = await call(tool, args, signal);
    return outcome.status === from ? to(outcome) : outcome;
  }),
});

/** JSON-RPC messages of an HTTP body: plain JSON or SSE `data:` lines. */
function messagesOf(text: string): Message[] {
  const chunks = text.trimStart().startsWith('{')
    ? [text]
    : text
        .split('\n')
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5));
  return chunks.flatMap((c) => {
    try {
      return [JSON.parse(c) as Message];
    } catch {
      return [];
    }
  });
}

interface Sniffed {
  method: string;
  url: string;
  headers: Headers;
  /** The answer's messages, once its body has ended. */
  answer: Promise<Message[]>;
}

/** refhost's guarded fetch that also reads (a copy of) each answer to a tools/* request. */
function sniffingFetch(seen: Sniffed[]): FetchLike {
  const guarded = createGuardedFetch();
  return async (url, init) => {
    const response = await guarded(url, init);
    let method = '';
    try {
      method = String((JSON.parse(String(init?.body)) as Message).method ?? '');
    } catch {
      // not a JSON-RPC POST
    }
    if (!method.startsWith('tools/') || response.body === null) return response;
    const [mine, theirs] = response.body.tee();
    seen.push({ method, url: String(url), headers: new Headers(init?.headers), answer: new Response(mine).text().then(messagesOf, () => []) });
    return new Response(theirs, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

interface RawResult {
  content?: Message[];
  structuredContent?: unknown;
}

/** What the server answered to the latest tools/call. */
async function lastRawResult(seen: Sniffed[]): Promise<{ call: Sniffed; result: RawResult } | null> {
  const call = seen.filter((s) => s.method === 'tools/call').at(-1);
  const result = (await call?.answer)?.find((m) => 'result' in m)?.result as RawResult | undefined;
  return call === undefined || result === undefined ? null : { call, result };
}

/** A host that renders the server's raw result itself (`render` null: keep refhost's outcome). */
function rawResults(render: (raw: RawResult, call: Sniffed) => Promise<CallOutcome | null> | CallOutcome | null): () => ChatDeps {
  return () => {
    const seen: Sniffed[] = [];
    return {
      connect: wrappedCall(
        (call) => async (tool, args, signal) => {
          const outcome = await call(tool, args, signal);
          const raw = await lastRawResult(seen);
          return (raw && (await render(raw.result, raw.call))) ?? outcome;
        },
        { fetch: sniffingFetch(seen) },
      ),
    };
  };
}

const texts = (raw: RawResult): string[] => (raw.content ?? []).filter((b) => b.type === 'text').map((b) => String(b.text));

/** A host showing its own confirmation (an edit of refhost's) and reading the answer its own way. */
function ownConfirmation(edit: (text: string, request: ApprovalRequest) => string, approves: (answer: string | null) => boolean = isYes): ChatDeps {
  return {
    wrapApprove:
      (_ask, screen, interrupts): ApprovalPolicy =>
      async (request) => {
        screen.write(edit(confirmationText(request.tool, request.args), request));
        const answer = await interrupts.abortable((signal) => screen.ask(APPROVE_PROMPT, signal));
        screen.write('\n');
        return approves(answer);
      },
  };
}

const UNKNOWN_TAG = '\u0001was-unknown\u0001';

export const APPROVAL_RESULT_FAULTS: Readonly<Record<string, Fault>> = {
  'sticky-approval': {
    breaks: 'APPROVE-2: an approved tool is approved for the rest of the session',
    deps: () => {
      const approved = new Set<string>();
      return {
        wrapApprove: (ask) => async (request) => {
          if (approved.has(request.tool.exposedName)) return true;
          const yes = await ask(request);
          if (yes) approved.add(request.tool.exposedName);
          return yes;
        },
      };
    },
  },
  'default-yes': {
    breaks: 'APPROVE-3: an empty answer or end of input approves',
    deps: () =>
      ownConfirmation(
        (text) => text,
        (answer) => answer === null || answer.trim() === '' || isYes(answer),
      ),
  },
  'skip-approval-when-readonly': {
    breaks: 'APPROVE-4: tools annotated readOnlyHint run without asking',
    deps: () => {
      const seen: Sniffed[] = [];
      const readOnly = new Set<string>();
      return {
        connect: async (config, options) => {
          const connections = await connectAll(config, options, { fetch: sniffingFetch(seen) });
          for (const s of seen.filter((x) => x.method === 'tools/list')) {
            for (const m of await s.answer) {
              const tools = (m.result as { tools?: Message[] } | undefined)?.tools ?? [];
              for (const t of tools) if ((t.annotations as Message | undefined)?.readOnlyHint === true) readOnly.add(String(t.name));
            }
          }
          return connections;
        },
        wrapApprove: (ask) => async (request) => readOnly.has(request.tool.originalName) || ask(request),
      };
    },
  },
  'terse-confirmation': {
    breaks: 'APPROVE-5: the confirmation shows only the exposed name and the arguments',
    deps: () =>
      ownConfirmation((text) =>
        text
          .split('\n')
          .filter((l) => l.startsWith('[Tool:') || l.startsWith('Arguments:') || l === '')
          .join('\n'),
      ),
  },
  'no-argument-cut': {
    breaks: 'APPROVE-5: the confirmation shows the whole arguments, however long',
    deps: () => ownConfirmation((text, { args }) => text.replace(/^Arguments: .*$/m, () => `Arguments: ${JSON.stringify(JSON.stringify(args, null, 2))}`)),
  },
  'concurrent-calls': {
    breaks: 'APPROVE-6: a call is sent and the next one asked for without waiting for its answer',
    deps: () => ({
      connect: wrappedCall((call) => async (tool, args, signal) => {
        void call(tool, args, signal);
        return { status: 'completed', output: 'Sent; the answer was not awaited.' };
      }),
    }),
  },
  'leak-base64': {
    breaks: 'RESULT-1: the raw result (base64 data included) is given to the model',
    deps: rawResults((raw) => ({ status: 'completed', output: JSON.stringify(raw) })),
  },
  'last-text-only': {
    breaks: 'RESULT-1: only the last text block reaches the model',
    deps: rawResults((raw) => (texts(raw).length > 1 ? { status: 'completed', output: texts(raw).at(-1) ?? '' } : null)),
  },
  'drop-structured-content': {
    breaks: 'RESULT-1: structuredContent is ignored when there is no text',
    deps: rawResults((raw) => (texts(raw).length === 0 && raw.structuredContent !== undefined ? { status: 'completed', output: '(no content)' } : null)),
  },
  'open-resource-links': {
    breaks: 'RESULT-1: resource links in a result are opened with resources/read',
    deps: rawResults(async (raw, call) => {
      for (const link of (raw.content ?? []).filter((b) => b.type === 'resource_link')) {
        const body = JSON.stringify({ jsonrpc: '2.0', id: `fault-${String(link.uri)}`, method: 'resources/read', params: { uri: link.uri } });
        await fetch(call.url, { method: 'POST', headers: call.headers, body }).then((r) => r.text());
      }
      return null;
    }),
  },
  'no-truncation': {
    breaks: 'RESULT-8: a result over 64 KiB is given to the model whole',
    deps: rawResults((raw) => ({ status: 'completed', output: texts(raw).join('\n') })),
  },
  'output-limit-as-completed': {
    breaks: 'RESULT-8: a cut result is reported completed',
    deps: () => remap('output_limit', (o) => ({ ...o, status: 'completed' })),
  },
  'cut-without-marker': {
    breaks: 'RESULT-8: a cut result does not say it was cut',
    deps: () => remap('output_limit', (o) => ({ ...o, output: o.output.replace(/\n\[truncated:[^\]]*\]$/, '') })),
  },
  'errors-as-completed': {
    breaks: 'RESULT-2: error results are reported completed',
    deps: () => remap('failed', (o) => ({ ...o, status: 'completed' })),
  },
  'hide-server-error': {
    breaks: "RESULT-2: a failed call loses the server's message",
    deps: () => remap('failed', () => ({ status: 'failed', output: 'The call failed.' })),
  },
  'call-deadline-60s': {
    breaks: 'RESULT-4: the call deadline is 60 s, not 30 s',
    deps: () => withDeadlines({ callTimeoutMs: 60_000 }),
  },
  'call-deadline-15s': {
    breaks: 'RESULT-4: the call deadline is 15 s, not 30 s',
    deps: () => withDeadlines({ callTimeoutMs: 15_000 }),
  },
  'unknown-as-failed': {
    breaks: 'RESULT-4..7: a call that may have run is reported failed',
    deps: () => remap('unknown', () => ({ status: 'failed', output: 'The call failed.' })),
  },
  'unknown-without-warning': {
    breaks: 'RESULT-9: an unknown outcome does not say the server may have acted',
    deps: () => remap('unknown', () => ({ status: 'unknown', output: 'The call did not complete.' })),
  },
  'retry-on-unknown': {
    breaks: 'UNKNOWN-1: a call with an unknown outcome is sent again',
    // Sent again through a new connection, as a host that reconnects to retry does: the old one
    // may already be closed by what made the outcome unknown (a drop of every connection, where
    // which of its two closes refhost sees first varies), so the server gets the call twice
    // every run.
    deps: () => ({
      connect: async (config, options) => {
        const c = await connectAll(config, options);
        const call: Call = async (tool, args, signal) => {
          const outcome = await c.call(tool, args, signal);
          if (outcome.status !== 'unknown') return outcome;
          const fresh = await connectAll(config, options);
          try {
            const same = fresh.tools.find((t) => t.server === tool.server && t.originalName === tool.originalName);
            return same === undefined ? outcome : await fresh.call(same, args);
          } finally {
            await fresh.close();
          }
        };
        return { ...c, call };
      },
    }),
  },
  'no-unknown-gate': {
    breaks: 'UNKNOWN-2: after an unknown outcome the next message goes to the model unasked',
    // The model is still told "unknown"; only the chat loop never learns of it.
    deps: () => ({
      ...remap('unknown', (o) => ({ status: 'failed', output: UNKNOWN_TAG + o.output })),
      createModelClient: (settings) => {
        const client = createOpenAiModelClient(settings);
        const restore = (output: string): string => {
          const { status, output: text } = JSON.parse(output) as { status: string; output: string };
          return status === 'failed' && text.startsWith(UNKNOWN_TAG) ? toolOutputJson('unknown', text.slice(UNKNOWN_TAG.length)) : output;
        };
        return {
          respond: (request) =>
            client.respond({ ...request, input: request.input.map((i) => (i.type === 'function_call_output' ? { ...i, output: restore(i.output) } : i)) }),
        };
      },
    }),
  },
};
