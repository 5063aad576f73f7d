// Which protocol revision each JSON-RPC message of one connection used (issue 16), for the
// journal's message entries: a 2026-07-28 request names it in its `_meta` envelope (what the
// host claims; the answer says what the server served); on
// 2025-11-25 and older, initialize names the version it asks for and its answer the one
// negotiated for the connection (a stateless legacy request: its MCP-Protocol-Version header).
import type { RequestId } from '@modelcontextprotocol/sdk/types.js';
import { envelopeRevision, MODERN_REVISION } from './protocol-revision.js';

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

  /**
   * The revision of a message the server sent, as the server served it: a result with
   * `resultType` only the 2026-07-28 server writes; another result is on the negotiated revision
   * whatever its request's `_meta` claimed (initialize's: the negotiated one); an error, or a
   * request of the server's, has its request's or the connection's.
   */
  outgoing(message: Message): string | undefined {
    const result = message.result as { protocolVersion?: unknown; serverInfo?: unknown; resultType?: unknown } | undefined;
    if (typeof result?.protocolVersion === 'string' && result.serverInfo !== undefined) this.negotiated = result.protocolVersion;
    const { id } = message;
    const answered = typeof id === 'string' || typeof id === 'number' ? this.byRequest.get(id) : undefined;
    if (answered !== undefined && !('method' in message)) this.byRequest.delete(id as RequestId);
    if (typeof result?.protocolVersion === 'string') return result.protocolVersion;
    if (result !== undefined && !('method' in message))
      return result.resultType !== undefined ? MODERN_REVISION : answered !== undefined && answered !== MODERN_REVISION ? answered : this.negotiated;
    return answered ?? this.negotiated;
  }
}

/** `{ revision }` when known, else nothing (for spreading into a journal event). */
export const revisionField = (revision: string | undefined): { revision?: string } => (revision === undefined ? {} : { revision });
