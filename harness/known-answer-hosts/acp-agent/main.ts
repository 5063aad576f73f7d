#!/usr/bin/env node
// acp-agent: a small coding-assistant agent for ACP editors (Zed and friends). The editor starts
// it, speaks ACP over stdin/stdout and hands it MCP servers in session/new; the agent offers
// their tools to an OpenAI-compatible model (Chat Completions, streamed) and asks the editor's
// user before every MCP tool call.
//
// Environment:
//   ACP_AGENT_BASE_URL  Chat Completions base URL (default https://api.openai.com/v1)
//   ACP_AGENT_API_KEY   API key (falls back to OPENAI_API_KEY)
//   ACP_AGENT_MODEL     model name (default gpt-4o-mini)
import { agent, ndJsonStream, RequestError, type AgentContext, type ContentBlock, type PromptResponse, type ToolCallContent } from '@agentclientprotocol/sdk';
import { randomUUID } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { streamChat, type ChatMessage, type LlmConfig, type ToolCall } from './llm.js';
import { connectAll, functionTools, resultText, toolTable, type ConnectedServer, type ToolEntry } from './mcp.js';

const llm: LlmConfig = {
  baseUrl: process.env['ACP_AGENT_BASE_URL'] ?? 'https://api.openai.com/v1',
  apiKey: process.env['ACP_AGENT_API_KEY'] ?? process.env['OPENAI_API_KEY'],
  model: process.env['ACP_AGENT_MODEL'] ?? 'gpt-4o-mini',
};

/** Safety net against a model that never stops calling tools. */
const MAX_MODEL_REQUESTS = 32;

interface Session {
  id: string;
  cwd: string;
  servers: ConnectedServer[];
  tools: Map<string, ToolEntry>;
  messages: ChatMessage[];
  abort: AbortController | null;
}

const sessions = new Map<string, Session>();

function systemPrompt(cwd: string): string {
  return [
    'You are acp-agent, a helpful assistant running inside the user\'s editor.',
    `The project directory is ${cwd}.`,
    'Use the available tools when they help to answer. Be concise.',
  ].join('\n');
}

function promptText(blocks: ContentBlock[]): string {
  return blocks
    .map((b) => {
      if (b.type === 'text') return b.text;
      if (b.type === 'resource_link') return `@${b.uri}`;
      if (b.type === 'resource' && 'text' in b.resource) return `${b.resource.uri}:\n${b.resource.text}`;
      return '';
    })
    .filter((t) => t !== '')
    .join('\n');
}

const textContent = (text: string): ToolCallContent[] => [{ type: 'content', content: { type: 'text', text } }];

/** One MCP tool call: ask the user, run it, report it. Returns what the model is told. */
async function runTool(session: Session, call: ToolCall, client: AgentContext, signal: AbortSignal): Promise<string> {
  const sessionId = session.id;
  const entry = session.tools.get(call.function.name);
  if (!entry) return `Error: there is no tool named ${call.function.name}`;

  let args: Record<string, unknown>;
  try {
    args = call.function.arguments.trim() === '' ? {} : (JSON.parse(call.function.arguments) as Record<string, unknown>);
  } catch {
    return `Error: the arguments are not valid JSON: ${call.function.arguments}`;
  }

  const title = `${entry.server}: ${entry.tool.name}`;
  await client.notify('session/update', {
    sessionId,
    update: { sessionUpdate: 'tool_call', toolCallId: call.id, title, kind: 'other', status: 'pending', rawInput: args },
  });

  const answer = await client.request('session/request_permission', {
    sessionId,
    toolCall: { toolCallId: call.id, title, kind: 'other', status: 'pending', rawInput: args },
    options: [
      { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
      { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
    ],
  });
  if (answer.outcome.outcome !== 'selected' || answer.outcome.optionId !== 'allow') {
    await client.notify('session/update', {
      sessionId,
      update: { sessionUpdate: 'tool_call_update', toolCallId: call.id, status: 'failed', content: textContent('Rejected by the user.') },
    });
    return 'The user denied this tool call.';
  }

  await client.notify('session/update', { sessionId, update: { sessionUpdate: 'tool_call_update', toolCallId: call.id, status: 'in_progress' } });
  try {
    const result = await entry.client.callTool({ name: entry.tool.name, arguments: args }, { signal });
    const text = resultText(result);
    await client.notify('session/update', {
      sessionId,
      update: { sessionUpdate: 'tool_call_update', toolCallId: call.id, status: result.isError ? 'failed' : 'completed', content: textContent(text), rawOutput: result },
    });
    return result.isError ? `Tool error: ${text}` : text;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await client.notify('session/update', {
      sessionId,
      update: { sessionUpdate: 'tool_call_update', toolCallId: call.id, status: 'failed', content: textContent(message) },
    });
    return `Error: ${message}`;
  }
}
// seam: prompt
async function prompt(session: Session, blocks: ContentBlock[], client: AgentContext): Promise<PromptResponse> {
  const abort = new AbortController();
  session.abort = abort;
  session.messages.push({ role: 'user', content: promptText(blocks) });
  const tools = functionTools(session.tools);
  const say = (text: string) => client.notify('session/update', { sessionId: session.id, update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } } });

  try {
    for (let i = 0; i < MAX_MODEL_REQUESTS; i++) {
      const reply = await streamChat(llm, session.messages, tools, say, abort.signal);
      const calls = reply.toolCalls.filter((c) => c !== undefined);
      session.messages.push({ role: 'assistant', content: reply.content || null, ...(calls.length > 0 ? { tool_calls: calls } : {}) });
      if (calls.length === 0) return { stopReason: 'end_turn' };
      for (const call of calls) {
        const output = abort.signal.aborted ? 'Error: cancelled by the user' : await runTool(session, call, client, abort.signal);
        session.messages.push({ role: 'tool', tool_call_id: call.id, content: output });
      }
      if (abort.signal.aborted) return { stopReason: 'cancelled' };
    }
    return { stopReason: 'max_turn_requests' };
  } catch (error) {
    if (abort.signal.aborted) return { stopReason: 'cancelled' };
    throw error;
  } finally {
    session.abort = null;
  }
}

function findSession(id: string): Session {
  const session = sessions.get(id);
  if (!session) throw RequestError.invalidParams({ sessionId: id }, `unknown session ${id}`);
  return session;
}

const app = agent({ name: 'acp-agent' })
  .onRequest('initialize', () => ({
    protocolVersion: 1,
    agentCapabilities: {
      loadSession: false,
      promptCapabilities: { image: false, audio: false, embeddedContext: true },
      mcpCapabilities: { http: true, sse: true },
    },
    agentInfo: { name: 'acp-agent', version: '0.1.0' },
    authMethods: [],
  }))
  .onRequest('session/new', async ({ params }) => {
    const servers = await connectAll(params.mcpServers, params.cwd);
    const session: Session = {
      id: randomUUID(),
      cwd: params.cwd,
      servers,
      tools: toolTable(servers),
      messages: [{ role: 'system', content: systemPrompt(params.cwd) }],
      abort: null,
    };
    sessions.set(session.id, session);
    return { sessionId: session.id };
  })
  .onRequest('session/prompt', ({ params, client }) => prompt(findSession(params.sessionId), params.prompt, client))
  .onNotification('session/cancel', ({ params }) => {
    sessions.get(params.sessionId)?.abort?.abort();
  });

const input = Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>;
const output = Writable.toWeb(process.stdout) as WritableStream<Uint8Array>;
const connection = app.connect(ndJsonStream(output, input));

// The editor closed the connection: shut the MCP servers down and leave.
void connection.closed.then(async () => {
  await Promise.allSettled([...sessions.values()].flatMap((s) => s.servers.map((srv) => srv.client.close())));
  process.exit(0);
});
