// The building blocks every fault module uses: the Fault shape and ways to wrap refhost's
// seams. Faults live in one module per area (faults-*.ts) so areas grow independently.
import { connectAll, type McpDeps } from '../../reference-host/mcp/connect-all.js';
import type { ChatDeps } from '../../reference-host/chat/run-chat.js';
import type { McpConnections } from '../../reference-host/mcp/types.js';
import type { CliDeps } from '../../reference-host/cli/cli-deps.js';

export interface Fault {
  /** What the fault breaks, for the self-test's output. */
  breaks: string;
  deps(): ChatDeps;
  /** Runs after runChat returned, before the process exits normally (a promise it returns is awaited). */
  afterChat?: () => unknown;
  /** Seams of `refhost mcp add|list|remove` (faults acting when a server is added or listed). */
  cliDeps?(): CliDeps;
}

export const connectWith =
  (mcp: McpDeps): ChatDeps['connect'] =>
  (config, options) =>
    connectAll(config, options, mcp);

/** Deadlines other than the ones in force (the catalogue's, or a knob's): what a host with its own constants does. */
export const withDeadlines = (deadlines: { connectTimeoutMs?: number; callTimeoutMs?: number }): ChatDeps => ({
  connect: (config, options) => connectAll(config, { ...options, ...deadlines }),
});

/** The connections of the running chat, for faults that act on them from the approval seam. */
export function capturingConnect(): { connect: NonNullable<ChatDeps['connect']>; current: () => McpConnections } {
  let connections: McpConnections | undefined;
  return {
    connect: async (config, options) => (connections = await connectAll(config, options)),
    current: () => {
      if (connections === undefined) throw new Error('faulty host: not connected');
      return connections;
    },
  };
}
