// What one user turn works with: the model, the offered tools, the servers, the conversation,
// the screen and the user's settings. Its own module so the turn loop and the MCP actions it
// runs (mcp-action.ts, resource-read.ts) share it without importing one another in a circle.
import type { McpConnections } from '../mcp/types.js';
import type { PolicyGate } from '../policy/policy-gate.js';
import type { TelemetryRecorder } from '../telemetry/telemetry-log.js';
import type { Screen } from '../ui/screen.js';
import type { ApprovalPolicy } from './approval.js';
import type { Conversation, McpCallRef } from './conversation.js';
import type { Dialect } from './dialect.js';
import type { Interrupts } from './interrupts.js';
import type { ModelClient } from './model-client.js';
import type { ToolCatalog } from './tool-catalog.js';

export interface TurnContext {
  model: ModelClient;
  catalog: ToolCatalog;
  connections: McpConnections;
  conversation: Conversation;
  screen: Screen;
  interrupts: Interrupts;
  approve: ApprovalPolicy;
  workDir: string;
  contextBudgetBytes: number;
  toolCallsPerTurn: number;
  /** How the chat names, words and writes things (refhost's own, or a conforming variant's). */
  dialect: Dialect;
  /** Called for every MCP call that ended unknown (arms the UNKNOWN-2 gate). */
  onUnknown(call: McpCallRef): void;
  /** The user's policy pack (POLICY-1..4); absent when there is no policy file. */
  policy?: PolicyGate;
  /** Where every MCP action leaves its record (TELEMETRY-1); absent only in unit tests. */
  telemetry?: TelemetryRecorder;
}
