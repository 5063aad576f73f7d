// DISCOVER-1/2 over Streamable HTTP on either revision. The 2.x client probes with
// server/discover; a probe that gets no answer rejects on HTTP (silence there may be an
// outage), so a 2025-11-25 server that leaves server/discover unanswered would be lost. So
// once the probe has waited its budget (a share of the connect+discover deadline), refhost
// also opens a fresh link that sends initialize, while the probe keeps waiting: the first
// opening to succeed is used, the other is shut (its session DELETEd). A server that is slow
// on 2026-07-28 and refuses initialize is thus still waited for to the deadline, never given
// up early. Nothing the server answered is sent again, and neither request is a tool call
// (UNKNOWN-1).
import type { Client } from '@modelcontextprotocol/client';

export interface Connection {
  client: Client;
  link: {
    transport: { close(): Promise<void> } & Parameters<Client['connect']>[0];
    beforeClose?(): Promise<void>;
  };
}

type OpenOptions = { signal: AbortSignal; timeout: number };

/** Session DELETE (legacy), then client and transport; never throws. */
export async function shut(connection: Connection): Promise<void> {
  await connection.link.beforeClose?.().catch(() => undefined);
  await connection.client.close().catch(() => undefined);
  await connection.link.transport.close().catch(() => undefined);
}

/** Where the opening gets its spare link and gets rid of the connection not used. */
export interface OpeningHooks<C extends Connection> {
  /** A fresh connection for initialize; undefined when the session is closing. */
  spare(): C | undefined;
  /** Shuts a connection that lost (or failed); the session must not take its close for its own. */
  retire(connection: C): void;
}

// seam: probeOrInitialize
/**
 * Probes `first` (waiting up to options.timeout); after `budgetMs` without an opening also
 * initializes on a spare connection. Resolves with the first connection that opened;
 * rejects with the probe's error when both failed.
 */
export function probeOrInitialize<C extends Connection>(first: C, hooks: OpeningHooks<C>, options: OpenOptions, budgetMs: number): Promise<C> {
  first.client.setVersionNegotiation({ mode: 'auto', probe: { timeoutMs: options.timeout, maxRetries: 0 } });
  return new Promise<C>((resolve, reject) => {
    let done = false;
    let second: C | undefined;
    let secondFailed = false;
    let probeFailure: { error: unknown } | undefined;
    const finish = (): void => {
      done = true;
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
    };
    const opened = (connection: C): void => {
      if (done) return hooks.retire(connection);
      finish();
      if (connection !== first) hooks.retire(first);
      resolve(connection);
    };
    const failed = (): void => {
      if (done || probeFailure === undefined || (second !== undefined && !secondFailed)) return;
      finish();
      reject(probeFailure.error);
    };
    const startSpare = (): void => {
      if (done) return;
      second = hooks.spare();
      if (second === undefined) return;
      const connection = second;
      connection.client.connect(connection.link.transport, { ...options, prior: { kind: 'legacy' } }).then(
        () => opened(connection),
        () => {
          secondFailed = true;
          hooks.retire(connection);
          failed();
        },
      );
    };
    const timer = setTimeout(startSpare, budgetMs);
    const onAbort = (): void => clearTimeout(timer);
    options.signal.addEventListener('abort', onAbort, { once: true });
    first.client.connect(first.link.transport, options).then(
      () => opened(first),
      (error: unknown) => {
        probeFailure = { error };
        failed();
      },
    );
  });
}
