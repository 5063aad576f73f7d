// The contract between the MCP layer (reference-host/mcp) and the chat loop.
// Everything a server wrote passes through here raw; the chat side neutralises it for
// the terminal (INJECT-2). Credential values never leave this layer in any string (CRED-3).
import type { NameScheme } from './naming.js';
import type { ServerRequests } from './server-requests.js';

/** Statuses of a function_call_output (RESULT-1..9). */
export type CallStatus = 'completed' | 'failed' | 'denied' | 'unknown' | 'output_limit';

/** One MCP tool as offered to the model for the life of the process (DISCOVER-5). */
export interface McpTool {
  /** Configured server name. */
  server: string;
  /** The tool's name as the server gave it. */
  originalName: string;
  /** Name offered to the model: mcp_<server>_<tool>, hash-suffixed when needed (EXPOSE-1..3). */
  exposedName: string;
  /** Labelled description (EXPOSE-5): origin label, server text, untrusted-data note. */
  description: string;
  /** The server's own description text (credential-masked), unlabelled: start-up checks read it (INJECT-3, INJECT-4). */
  serverDescription?: string;
  /** The input schema exactly as the server described it (EXPOSE-4). */
  parameters: Record<string, unknown>;
  /** URL, or the command line for stdio (shown on the confirmation screen). */
  destination: string;
}

export type ServerStatus =
  | { server: string; destination: string; ok: true; toolCount: number }
  | { server: string; destination: string; ok: false; reason: string };

export interface CallOutcome {
  status: CallStatus;
  /** Text for the model (already capped at 64 KiB for output_limit, RESULT-8). */
  output: string;
}

export interface ConnectOptions {
  /** Per-server connect + discovery deadline (DISCOVER-2), default 10 s. */
  connectTimeoutMs: number;
  /** Call deadline after sending (RESULT-4), default 30 s. */
  callTimeoutMs: number;
  /** Names of built-in tools that MCP tools may never shadow (EXPOSE-1). */
  builtinNames: readonly string[];
  /** How tools are named and described for the model; absent = refhost's own (set only by the suite's conforming variants). */
  exposure?: ToolExposure;
  /** What servers may ask of the host while a call waits (ASK-1..3); absent = nothing is declared. */
  serverRequests?: ServerRequests;
}

/** EXPOSE-1..3 and EXPOSE-5: the offered-name scheme and the labelled description. */
export interface ToolExposure {
  names: NameScheme;
  describe(server: string, tool: string, serverText: string | undefined): string;
}

/** A resource a server listed (RESOURCE-1); only listed or template-matched URIs are read. */
export interface McpResource {
  server: string;
  uri: string;
  name: string;
  description: string | undefined;
  mimeType: string | undefined;
}

/** A resource template a server listed (RFC 6570); URIs it matches may be read (RESOURCE-2). */
export interface McpResourceTemplate {
  server: string;
  uriTemplate: string;
  name: string;
  description: string | undefined;
}

/** A prompt a server listed (PROMPT-1); fetched only when the user asks for it. */
export interface McpPrompt {
  server: string;
  name: string;
  description: string | undefined;
  arguments: { name: string; description: string | undefined; required: boolean }[];
}

/** One message of a fetched prompt, its content reduced to text like a tool result. */
export interface PromptMessage {
  role: 'user' | 'assistant';
  text: string;
}

export type PromptOutcome = { ok: true; messages: PromptMessage[] } | { ok: false; error: string };

/** All configured servers after discovery. */
export interface McpConnections {
  /** Tools of every available server, fixed for the process's life. */
  readonly tools: readonly McpTool[];
  /** One status per configured server, in configuration order. */
  readonly statuses: readonly ServerStatus[];
  /** Sends one call (the caller has already obtained approval). Never resends. */
  call(tool: McpTool, args: Record<string, unknown>, signal?: AbortSignal): Promise<CallOutcome>;
  /** Resources listed by available servers at start-up, fixed for the process's life. */
  readonly resources: readonly McpResource[];
  readonly resourceTemplates: readonly McpResourceTemplate[];
  /** Prompts listed by available servers at start-up (their messages are not fetched). */
  readonly prompts: readonly McpPrompt[];
  /** True when `server` listed `uri` or one of its templates matches it (RESOURCE-2). */
  isOfferedResource(server: string, uri: string): boolean;
  /** Sends one resources/read to `server` alone (approval already given); an unlisted URI is refused unsent. */
  readResource(server: string, uri: string, signal?: AbortSignal): Promise<CallOutcome>;
  /** prompts/get for a listed prompt, on the user's request only (PROMPT-1). */
  getPrompt(server: string, name: string, args: Record<string, string>, signal?: AbortSignal): Promise<PromptOutcome>;
  /** Stops every stdio process group and closes HTTP sessions; idempotent. */
  close(): Promise<void>;
}
