// Fakes of the chat's collaborators for unit tests: a scripted model, MCP connections
// that record every call, and a screen with scripted answers.
import type { CallOutcome, McpConnections, McpTool, PromptOutcome, ServerStatus } from '../../mcp/types.js';
import type { Screen } from '../../ui/screen.js';
import type { HistoryItem } from '../history.js';
import type { ModelClient, ModelOutputItem, ModelRequest } from '../model-client.js';

export type FakeModelStep = ModelOutputItem[] | ((request: ModelRequest) => Promise<ModelOutputItem[]>);

export interface RecordedRequest {
  input: HistoryItem[];
  toolNames: string[];
}

export function fakeModel(script: FakeModelStep[]): ModelClient & { requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  let next = 0;
  return {
    requests,
    async respond(request) {
      requests.push({ input: structuredClone([...request.input]), toolNames: request.tools.map((t) => t.name) });
      const step = script[next];
      next += 1;
      if (step === undefined) return [{ type: 'message', text: '(script finished)' }];
      return typeof step === 'function' ? step(request) : step;
    },
  };
}

let callCounter = 0;
export function call(name: string, args: Record<string, unknown> | string): ModelOutputItem {
  callCounter += 1;
  return { type: 'function_call', call_id: `call_${callCounter}`, name, arguments: typeof args === 'string' ? args : JSON.stringify(args) };
}

export function say(text: string): ModelOutputItem {
  return { type: 'message', text };
}

export function mcpTool(server: string, originalName: string, extra: Partial<McpTool> = {}): McpTool {
  return {
    server,
    originalName,
    exposedName: `mcp_${server}_${originalName}`,
    description: `[MCP server ${server}, tool ${originalName}] test tool`,
    parameters: { type: 'object', properties: {} },
    destination: `http://127.0.0.1:9/${server}`,
    ...extra,
  };
}

export interface SentCall {
  tool: string;
  args: Record<string, unknown>;
}

type CallHandler = (tool: McpTool, args: Record<string, unknown>, signal?: AbortSignal) => Promise<CallOutcome>;

export function fakeConnections(
  tools: McpTool[],
  handler: CallHandler = async () => ({ status: 'completed', output: 'ok' }),
  statuses: ServerStatus[] = [],
): McpConnections & { sent: SentCall[]; maxInFlight: number; closed: number } {
  let inFlight = 0;
  const fake = {
    tools,
    statuses,
    sent: [] as SentCall[],
    maxInFlight: 0,
    closed: 0,
    async call(tool: McpTool, args: Record<string, unknown>, signal?: AbortSignal): Promise<CallOutcome> {
      fake.sent.push({ tool: tool.exposedName, args });
      inFlight += 1;
      fake.maxInFlight = Math.max(fake.maxInFlight, inFlight);
      try {
        return await handler(tool, args, signal);
      } finally {
        inFlight -= 1;
      }
    },
    async close() {
      fake.closed += 1;
    },
    // No resources or prompts; tests of those replace these members.
    resources: [],
    resourceTemplates: [],
    prompts: [],
    isOfferedResource: () => false,
    readResource: async (): Promise<CallOutcome> => ({ status: 'failed', output: 'no resources; not sent' }),
    getPrompt: async (): Promise<PromptOutcome> => ({ ok: false, error: 'no prompts' }),
  };
  return fake;
}

/** Answers prompts from a list; null (end of input) once the list is used up. */
export function fakeScreen(answers: (string | null)[]): Screen & { text(): string; prompts: string[] } {
  let transcript = '';
  const prompts: string[] = [];
  const queue = [...answers];
  return {
    prompts,
    text: () => transcript,
    write(text) {
      transcript += text;
    },
    async ask(prompt, signal) {
      transcript += prompt;
      prompts.push(prompt);
      if (signal?.aborted === true) return null;
      const answer = queue.shift();
      return answer === undefined ? null : answer;
    },
  };
}

/** The parsed {"status","output"} of every function_call_output in a request, in order. */
export function outputsOf(input: readonly HistoryItem[]): { status: string; output: string }[] {
  return input.flatMap((item) => (item.type === 'function_call_output' ? [JSON.parse(item.output) as { status: string; output: string }] : []));
}
