// Minimal OpenAI Chat Completions client: plain fetch, streaming (SSE), tool calls
// accumulated from the deltas. No openai package on purpose: one endpoint, one shape.

export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface FunctionTool {
  type: 'function';
  function: { name: string; description?: string; parameters: unknown };
}

export interface LlmConfig {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
}

export interface ChatReply {
  content: string;
  toolCalls: ToolCall[];
  finishReason: string | null;
}

interface StreamChunk {
  choices?: {
    delta?: {
      content?: string | null;
      tool_calls?: { index: number; id?: string; function?: { name?: string; arguments?: string } }[];
    };
    finish_reason?: string | null;
  }[];
}

/** One streamed completion. `onText` gets the assistant's text as it arrives. */
export async function streamChat(
  config: LlmConfig,
  messages: ChatMessage[],
  tools: FunctionTool[],
  onText: (text: string) => Promise<void> | void,
  signal?: AbortSignal,
): Promise<ChatReply> {
  const body: Record<string, unknown> = { model: config.model, messages, stream: true };
  if (tools.length > 0) body['tools'] = tools;

  const res = await fetch(`${config.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'text/event-stream',
      ...(config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {}),
    },
    body: JSON.stringify(body),
    signal,
  });
  if (!res.ok || !res.body) {
    const text = await res.text().catch(() => '');
    throw new Error(`model request failed: HTTP ${res.status} ${text.slice(0, 500)}`);
  }

  const reply: ChatReply = { content: '', toolCalls: [], finishReason: null };
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = res.body.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let newline: number;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (!line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (data === '[DONE]') return reply;
      const chunk = JSON.parse(data) as StreamChunk;
      const choice = chunk.choices?.[0];
      if (!choice) continue;
      if (choice.finish_reason) reply.finishReason = choice.finish_reason;
      const delta = choice.delta;
      if (delta?.content) {
        reply.content += delta.content;
        await onText(delta.content);
      }
      for (const part of delta?.tool_calls ?? []) {
        const call = (reply.toolCalls[part.index] ??= { id: '', type: 'function', function: { name: '', arguments: '' } });
        if (part.id) call.id = part.id;
        if (part.function?.name) call.function.name += part.function.name;
        if (part.function?.arguments) call.function.arguments += part.function.arguments;
      }
    }
  }
  return reply;
}
