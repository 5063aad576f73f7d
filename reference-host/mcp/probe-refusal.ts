// DISCOVER-3 on 2026-07-28: a server that answers server/discover with an error (its own
// message, say "not today") is taken by the 2.x client for a legacy one, which then sends
// initialize; a 2026-07-28-only server refuses that as an unsupported revision, and the
// refusal would hide the server's real answer. This notes the error a server gave the probe
// so the status line can say it. Observed on the transport, because the probe reads the
// transport's messages before the client attaches.
import { isJSONRPCErrorResponse, type Transport } from '@modelcontextprotocol/client';

/** The id prefix the 2.4.0 client gives its server/discover probes. */
const PROBE_ID_PREFIX = 'server-discover-probe-';
/** Method not found: the answer of a server without 2026-07-28, no refusal of its own. */
const METHOD_NOT_FOUND = -32601;

export interface ProbeRefusal {
  code: number;
  message: string;
}

type Handler = NonNullable<Transport['onmessage']>;

/** Calls `note` with every error answer to a server/discover probe on `transport`, whoever
 *  reads its messages (the handler installed is wrapped whenever it is set). */
export function watchProbeRefusals(transport: Transport, note: (refusal: ProbeRefusal) => void): void {
  const raw = new WeakMap<Handler, Handler>();
  let current: Handler | undefined = transport.onmessage;
  const wrap = (handler: Handler): Handler => {
    const wrapped: Handler = (message, extra) => {
      if (isJSONRPCErrorResponse(message) && String(message.id).startsWith(PROBE_ID_PREFIX) && message.error.code !== METHOD_NOT_FOUND) {
        note({ code: message.error.code, message: message.error.message });
      }
      handler(message, extra);
    };
    raw.set(wrapped, handler);
    return wrapped;
  };
  let exposed: Handler | undefined = current && wrap(current);
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    enumerable: true,
    get: () => exposed,
    set: (handler: Handler | undefined) => {
      // A handler saved from this getter and set back is unwrapped, never wrapped twice.
      current = handler === undefined ? undefined : (raw.get(handler) ?? handler);
      exposed = current && wrap(current);
    },
  });
}
