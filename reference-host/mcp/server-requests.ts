// ASK-1..3: what refhost answers when a server asks something of it while one of its calls
// waits. Elicitation (form mode) goes to the user, naming the server; only the user's typed
// answer is sent back (ASK-1). refhost declares neither sampling nor roots, and answers either
// with an error: the reference upholds ASK-2 by never sampling (no server text ever reaches
// the model as a prompt, so there is nothing to approve), and hands no file paths to a server
// (ASK-3). The chat's screen exists only after discovery, so the desk opens late: an
// elicitation before that is cancelled.
// On 2026-07-28 the client's multi-round-trip driver answers an input_required call's
// elicitation through the same handler.
import { ProtocolErrorCode, type Client, type ClientCapabilities, type ElicitRequest, type ElicitResult } from '@modelcontextprotocol/client';

/** Answers one elicitation of `server`. */
export type Elicit = (server: string, params: ElicitRequest['params']) => Promise<ElicitResult>;

/** The capabilities a session's Client declares, and the handlers behind them. */
export interface ServerRequests {
  capabilities: ClientCapabilities;
  register(client: Client, server: string): void;
}

/** Why refhost refuses what it does not declare (the SDK's "method not found", said plainly). */
const REFUSED: Readonly<Record<string, string>> = {
  'sampling/createMessage': 'refhost does not offer sampling: a server cannot use its model',
  'roots/list': 'refhost does not offer roots',
};

// seam: referenceServerRequests
export function referenceServerRequests(elicit: Elicit): ServerRequests {
  return {
    capabilities: { elicitation: { form: {} } },
    register(client, server) {
      client.setRequestHandler('elicitation/create', (request) => elicit(server, request.params));
      client.fallbackRequestHandler = async (request) => {
        // A plain Error with a code: the SDK sends its message as is (McpError would prefix "MCP error -32601: ").
        throw Object.assign(new Error(REFUSED[request.method] ?? `Method not found: ${request.method}`), { code: ProtocolErrorCode.MethodNotFound });
      };
    },
  };
}

/** Where elicitations wait for the user: cancelled until `open` gives the chat's answerer. */
export interface AskDesk {
  elicit: Elicit;
  open(answer: Elicit): void;
}

// seam: askDesk
export function askDesk(): AskDesk {
  let answer: Elicit | undefined;
  return {
    elicit: (server, params) => (answer === undefined ? Promise.resolve({ action: 'cancel' }) : answer(server, params)),
    open: (given) => void (answer = given),
  };
}
