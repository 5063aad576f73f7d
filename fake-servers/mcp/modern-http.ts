// Streamable HTTP on revision 2026-07-28 (issue 16; TRANSPORT-1 on the stateless revision):
// every POST is one exchange with no session, answered by SDK 2.4.0's createMcpHandler over
// a fresh modern-server.ts Server. node:http meets the web-standard handler here; the
// messages in and out are journaled from the bytes themselves (the SDK's per-request
// transport is internal), the standard headers (MCP-Protocol-Version, Mcp-Method, Mcp-Name)
// stay in the http-request entry, and the SDK validates them as the revision requires.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createMcpHandler, isLegacyRequest } from '@modelcontextprotocol/server';
import type { RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { BehaviourEngine, Plan } from './engine.js';
import { rpcMessages } from './http-answers.js';
import { modernServer } from './modern-server.js';
import { RevisionTracker, revisionField } from './revision-tracker.js';

function webRequest(req: IncomingMessage, body: unknown, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, v);
  }
  const hasBody = req.method === 'POST' && body !== undefined;
  return new Request(`http://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`, {
    method: req.method ?? 'GET',
    headers,
    signal,
    ...(hasBody && { body: JSON.stringify(body) }),
  });
}

/** Whether a request belongs to revision 2026-07-28 (the SDK's own routing rule). */
export function isModernRequest(req: IncomingMessage, body: unknown): Promise<boolean> {
  return isLegacyRequest(webRequest(req, body, new AbortController().signal), body).then((legacy) => !legacy);
}

/** Journals each complete JSON-RPC message of an answer body (one JSON, or SSE events). */
function outJournal(engine: BehaviourEngine, sse: boolean, revisions: RevisionTracker): { chunk(text: string): void; end(): void } {
  let pending = '';
  const record = (payload: string): void => {
    for (const message of rpcMessages(safeParse(payload)))
      engine.journal.record({ kind: 'jsonrpc-out', message, ...revisionField(revisions.outgoing(message)) });
  };
  return {
    chunk(text) {
      pending += text;
      if (!sse) return;
      const events = pending.split(/\r?\n\r?\n/);
      pending = events.pop() ?? '';
      for (const event of events) {
        const data = event
          .split(/\r?\n/)
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trimStart());
        if (data.length > 0) record(data.join('\n'));
      }
    },
    end() {
      if (!sse && pending !== '') record(pending);
    },
  };
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Serves one 2026-07-28 exchange whose requests `planned` holds (planned by the route). */
export async function serveModernExchange(
  engine: BehaviourEngine,
  req: IncomingMessage,
  res: ServerResponse,
  body: unknown,
  planned: Map<RequestId, Plan>,
): Promise<void> {
  const revisions = new RevisionTracker();
  for (const message of rpcMessages(body)) engine.journal.record({ kind: 'jsonrpc-in', message, ...revisionField(revisions.incoming(message)) });
  const handler = createMcpHandler(() => modernServer(engine, {}, planned), {
    legacy: 'reject',
    responseMode: engine.behaviour.http?.jsonResponse === true ? 'json' : 'auto',
  });
  const aborted = new AbortController();
  res.on('close', () => aborted.abort(new Error('response closed')));
  try {
    const answer = await handler.fetch(webRequest(req, body, aborted.signal), { parsedBody: body });
    res.writeHead(answer.status, Object.fromEntries(answer.headers.entries()));
    res.flushHeaders();
    const journal = outJournal(engine, (answer.headers.get('content-type') ?? '').includes('text/event-stream'), revisions);
    const reader = answer.body?.getReader();
    const decoder = new TextDecoder();
    aborted.signal.addEventListener('abort', () => void reader?.cancel().catch(() => undefined), { once: true });
    for (;;) {
      const next = await reader?.read().catch(() => ({ done: true as const, value: undefined }));
      if (next === undefined || next.done) break;
      journal.chunk(decoder.decode(next.value, { stream: true }));
      res.write(next.value);
    }
    journal.end();
    res.end();
  } finally {
    await handler.close();
  }
}
