// The dialect seam: everything refhost could do differently while upholding every guarantee
// (how it names and labels tools, EXPOSE-1..5; what its screen says, APPROVE-5, UNKNOWN-2,
// LIMIT-2, DISCOVER-3, INJECT-3/4; what approves, APPROVE-3; how results reach the model;
// which optional abilities it has). The reference dialect is refhost itself, made of the
// functions where they live. Only the suite's conforming variants (harness/conforming-hosts)
// pass another, through ChatDeps like the faulty hosts' seams; no flag or environment
// variable of refhost selects one.
import type { CallStatus, McpTool, ServerStatus, ToolExposure } from '../mcp/types.js';
import { describeTool } from '../mcp/describe.js';
import { REFERENCE_NAMES } from '../mcp/naming.js';
import { APPROVE_PROMPT, confirmationText, isYes } from '../ui/confirmation.js';
import {
  BANNER,
  changedFlagLine,
  instructionFlagLine,
  statusLine,
  toolHeader,
  toolLimitMessage,
  toolResult,
  unknownGatePrompt,
  USER_PROMPT,
} from '../ui/screen-text.js';
import { JSON_RESULTS, type ResultFormat } from './history.js';

const QUIT_COMMAND = '/quit';

/** The start-up lines flagging tools (INJECT-3, INJECT-4); each names the server and the tool. */
export interface FlagLines {
  instructionFlagLine(server: string, tool: string): string;
  changedFlagLine(server: string, tool: string): string;
}

/** Every text the chat writes that a variant may word or lay out differently. */
export interface ScreenDialect extends FlagLines {
  prompt: string;
  banner: string;
  statusLine(status: ServerStatus): string;
  /** The line a tool run starts with when no confirmation is shown (built-ins, local refusals). */
  toolHeader(exposedName: string): string;
  toolResult(status: CallStatus, output: string): string;
  /** The confirmation block up to the question (APPROVE-5); server-provided parts neutralised. */
  confirmation(tool: McpTool, args: Record<string, unknown>, trust?: string): string;
  approvePrompt: string;
  unknownGatePrompt(calls: readonly { server: string; tool: string }[]): string;
  /** Shown when the unknown-outcome confirmation was declined. */
  messageNotSent: string;
  toolLimitMessage(limit: number): string;
}

export interface Dialect {
  exposure: ToolExposure;
  screen: ScreenDialect;
  /** APPROVE-3: whether an answer to the confirmation approves (anything else, and end of input, denies). */
  approves(answer: string | null): boolean;
  /** UNKNOWN-2: whether an answer to the unknown-outcome confirmation sends the message. */
  confirmsUnknown(answer: string | null): boolean;
  /** How function_call_output.output is written (RESULT-*). */
  results: ResultFormat;
  /** The chat's quit command; null = none (end of input, Ctrl-C and SIGTERM still end it). */
  quitCommand: string | null;
  /** Whether REFHOST_MCP_*_TIMEOUT_MS are read; false = the real 10 s connect and 30 s call deadlines always. */
  deadlineKnobs: boolean;
  /** Whether sessions are saved and can be resumed (REPLAY-*). */
  sessions: boolean;
  /** The built-in tools offered besides MCP tools: read_file and read_mcp_resource (RESOURCE-1). */
  builtins: { readFile: boolean; readResource: boolean };
}

export const REFERENCE_SCREEN: ScreenDialect = {
  prompt: USER_PROMPT,
  banner: BANNER,
  statusLine,
  instructionFlagLine,
  changedFlagLine,
  toolHeader,
  toolResult,
  confirmation: confirmationText,
  approvePrompt: APPROVE_PROMPT,
  unknownGatePrompt,
  messageNotSent: 'Message not sent.\n',
  toolLimitMessage,
};

export const REFERENCE_DIALECT: Dialect = {
  exposure: { names: REFERENCE_NAMES, describe: describeTool },
  screen: REFERENCE_SCREEN,
  approves: isYes,
  confirmsUnknown: isYes,
  results: JSON_RESULTS,
  quitCommand: QUIT_COMMAND,
  deadlineKnobs: true,
  sessions: true,
  builtins: { readFile: true, readResource: true },
};
