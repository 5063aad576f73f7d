// Records every JSON-RPC message a fake server receives and sends, whatever the transport,
// by standing between the SDK Server and its SDK transport (the Transport contract is
// start/send/close plus callbacks, so one wrapper serves stdio, Streamable HTTP and SSE),
// each with the protocol revision it used on this connection.
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';
import type { JournalWriter } from './journal.js';
import { RevisionTracker, revisionField } from './revision-tracker.js';

export class JournaledTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  private readonly revisions = new RevisionTracker();

  constructor(
    private readonly inner: Transport,
    private readonly journal: JournalWriter,
  ) {
    inner.onmessage = (message, extra) => {
      const header = extra?.requestInfo?.headers?.['mcp-protocol-version'];
      const revision = this.revisions.incoming(message as Record<string, unknown>, typeof header === 'string' ? header : undefined);
      journal.record({ kind: 'jsonrpc-in', message: message as Record<string, unknown>, ...revisionField(revision) });
      this.onmessage?.(message, extra);
    };
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  setProtocolVersion = (version: string): void => {
    this.inner.setProtocolVersion?.(version);
  };

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const revision = this.revisions.outgoing(message as Record<string, unknown>);
    this.journal.record({ kind: 'jsonrpc-out', message: message as Record<string, unknown>, ...revisionField(revision) });
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
