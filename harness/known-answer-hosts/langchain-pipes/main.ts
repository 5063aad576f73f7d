#!/usr/bin/env node
// langchain-pipes: a small line-based chat over plain stdin/stdout. The model is ChatOpenAI
// (Chat Completions, OPENAI_BASE_URL / OPENAI_API_KEY), the MCP servers come from
// ~/.langchain-pipes.json through MultiServerMCPClient, and every tool call the model asks for
// is shown to the user and runs only after a "y".
//
//   node main.js            start a chat (type /quit or press Ctrl-D to leave)
//   node main.js --version
import { AIMessage, HumanMessage, SystemMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import type { StructuredToolInterface } from '@langchain/core/tools';
import { MultiServerMCPClient, type Connection } from '@langchain/mcp-adapters';
import { ChatOpenAI } from '@langchain/openai';
import { createInterface } from 'node:readline';
import { destinationOf, loadSettings, SETTINGS_FILE, type ServerEntry, type Settings } from './config.js';

const VERSION = '0.1.0';
const SYSTEM_PROMPT = 'You are a helpful assistant in a terminal. Use the tools you are given when they help.';

if (process.argv.includes('--version')) {
  console.log(`langchain-pipes ${VERSION}`);
  process.exit(0);
}

// ---- input: one line at a time, null once stdin is closed ----------------------------------

const rl = createInterface({ input: process.stdin, terminal: false });
const pending: string[] = [];
let waiting: ((line: string | null) => void) | null = null;
let inputClosed = false;
rl.on('line', (line) => {
  if (waiting) {
    const resolve = waiting;
    waiting = null;
    resolve(line);
  } else pending.push(line);
});
rl.on('close', () => {
  inputClosed = true;
  if (waiting) {
    const resolve = waiting;
    waiting = null;
    resolve(null);
  }
});

function ask(question: string): Promise<string | null> {
  process.stdout.write(question);
  const next = pending.shift();
  if (next !== undefined) return Promise.resolve(next);
  if (inputClosed) return Promise.resolve(null);
  return new Promise((resolve) => (waiting = resolve));
}

// ---- settings and MCP servers ---------------------------------------------------------------

let settings: Settings;
try {
  settings = loadSettings();
} catch (error) {
  console.error(`langchain-pipes: cannot read ${SETTINGS_FILE}: ${(error as Error).message}`);
  process.exit(1);
}
const servers: Record<string, ServerEntry> = settings.agent?.tools?.mcp ?? {};

let mcp: MultiServerMCPClient | null = null;
let tools: StructuredToolInterface[] = [];
/** Which server each offered tool came from. */
const serverOfTool = new Map<string, string>();

if (Object.keys(servers).length > 0) {
  const failed = new Map<string, unknown>();
  mcp = new MultiServerMCPClient({
    mcpServers: servers as Record<string, Connection>,
    // Keep chatting with the servers that work; say which ones did not.
    onConnectionError: ({ serverName, error }) => void failed.set(serverName, error),
  });
  const byServer = await mcp.initializeConnections();
  for (const name of Object.keys(servers)) {
    const loaded = byServer[name];
    if (loaded === undefined || failed.has(name)) {
      const error = failed.get(name);
      console.log(`[mcp] ${name}: could not connect - ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    console.log(`[mcp] ${name}: ${loaded.length} tool${loaded.length === 1 ? '' : 's'} via ${destinationOf(servers[name] as ServerEntry)}`);
    for (const tool of loaded) serverOfTool.set(tool.name, name);
    tools.push(...loaded);
  }
}
const toolsByName = new Map(tools.map((tool) => [tool.name, tool]));

// ---- the model --------------------------------------------------------------------------------

const chat = new ChatOpenAI({ model: process.env.LANGCHAIN_PIPES_MODEL ?? settings.model ?? 'gpt-4o-mini' });
const model = tools.length > 0 ? chat.bindTools(tools) : chat;
const history: BaseMessage[] = [new SystemMessage(SYSTEM_PROMPT)];

function textOf(message: AIMessage): string {
  return typeof message.content === 'string' ? message.content : message.text;
}
// seam: runToolCall
/** Asks the user about one tool call, runs it if allowed, and returns what the model is told. */
async function runToolCall(call: { id?: string; name: string; args: Record<string, unknown> }): Promise<ToolMessage> {
  const id = call.id ?? '';
  const tool = toolsByName.get(call.name);
  if (tool === undefined) return new ToolMessage({ tool_call_id: id, content: `Tool call failed: there is no tool named ${call.name}`, status: 'error' });

  console.log('--- langchain-pipes wants to run a tool ---');
  console.log(`server: ${serverOfTool.get(call.name) ?? '?'}`);
  console.log(`tool: ${call.name}`);
  console.log('arguments:');
  console.log(JSON.stringify(call.args, null, 2));
  const answer = await ask('Run this tool? [y/N] ');
  if (answer === null || !['y', 'yes'].includes(answer.trim().toLowerCase())) {
    console.log(`[tool] ${call.name}: skipped`);
    return new ToolMessage({ tool_call_id: id, content: 'The user declined to run this tool.', status: 'error' });
  }

  try {
    const result = (await tool.invoke({ ...call, id, type: 'tool_call' })) as ToolMessage;
    console.log(`[tool] ${call.name}: done`);
    return result;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.log(`[tool] ${call.name}: failed - ${message}`);
    return new ToolMessage({ tool_call_id: id, content: `Tool call failed: ${message}`, status: 'error' });
  }
}

/** One user message: ask the model, run the tools it wants, until it answers in text. */
async function turn(line: string): Promise<void> {
  history.push(new HumanMessage(line));
  for (;;) {
    const reply = (await model.invoke(history)) as AIMessage;
    history.push(reply);
    const text = textOf(reply);
    if (text.trim() !== '') console.log(`ai: ${text}`);
    const calls = reply.tool_calls ?? [];
    if (calls.length === 0) return;
    for (const call of calls) history.push(await runToolCall(call));
  }
}

async function shutdown(code: number): Promise<never> {
  rl.close();
  await mcp?.close();
  process.exit(code);
}

// ---- the chat loop ----------------------------------------------------------------------------

console.log(`langchain-pipes ${VERSION}: ${tools.length} tool${tools.length === 1 ? '' : 's'} available. Type /quit to leave.`);
for (;;) {
  const line = await ask('you> ');
  if (line === null) break;
  const input = line.trim();
  if (input === '') continue;
  if (input === '/quit' || input === '/exit') break;
  try {
    await turn(input);
  } catch (error) {
    console.log(`error: ${error instanceof Error ? error.message : String(error)}`);
  }
}
await shutdown(0);
