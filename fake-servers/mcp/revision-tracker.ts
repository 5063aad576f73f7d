// Which protocol revision each JSON-RPC message of one connection used (issue 16), for the
// journal's message entries: a 2026-07-28 request names it in its `_meta` envelope; on
// 2025-11-25 and older, initialize names the version it asks for and its answer the one
// negotiated for the connection (a stateless legacy request: its MCP-Protocol-Version header).
import type { RequestId } from '@modelcontextprotocol/sdk/types.js';
import { envelopeRevision } from './protocol-revision.js';

type Message = Record<string, unknown>;

export class RevisionTracker {
  private negotiated: string | undefined;
  private readonly byRequest = new Map<RequestId, string>();

  /** The revision of a message the server received. */
  incoming(message: Message, headerVersion?: string): string | undefined {
    const requested = message.method === 'initialize' ? (message.params as { protocolVersion?: unknown } | undefined)?.protocolVersion : undefined;
    const revision = envelopeRevision(message) ?? (typeof requested === 'string' ? requested : undefined) ?? this.negotiated ?? headerVersion;
    const { id } = message;
    if (revision !== undefined && typeof message.method === 'string' && (typeof id === 'string' || typeof id === 'number')) this.byRequest.set(id, revision);
    return revision;
  }

  /** The revision of a message the server sent: an answer's is its request's (initialize's: the negotiated one). */
  outgoing(message: Message): string | undefined {
    const result = message.result as { protocolVersion?: unknown; serverInfo?: unknown } | undefined;
    if (typeof result?.protocolVersion === 'string' && result.serverInfo !== undefined) this.negotiated = result.protocolVersion;
    const { id } = message;
    const answered = typeof id === 'string' || typeof id === 'number' ? this.byRequest.get(id) : undefined;
    if (answered !== undefined && !('method' in message)) this.byRequest.delete(id as RequestId);
    return typeof result?.protocolVersion === 'string' ? result.protocolVersion : (answered ?? this.negotiated);
  }
}

/** `{ revision }` when known, else nothing (for spreading into a journal event). */
export const revisionField = (revision: string | undefined): { revision?: string } => (revision === undefined ? {} : { revision });
