#!/usr/bin/env node
// tui-responses: a full-screen terminal chat with an OpenAI model (Responses API) that can use
// the tools of the MCP servers listed in ~/.config/tui-responses/settings.json. Every tool call
// is shown in a box and runs only after you press "a".
import OpenAI from 'openai';
import type { FunctionTool, ResponseFunctionToolCall, ResponseInputItem } from 'openai/resources/responses/responses';
import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import { connect, functionName, loadServers, settingsPath, whereIs, type Connected, type ServerConfig } from './servers.js';
import { Screen } from './tui.js';

const MODEL = process.env.OPENAI_MODEL || 'gpt-4.1-mini';
const INSTRUCTIONS = 'You are a helpful assistant running in a terminal. Use the available tools when they help. Keep answers short.';

interface Offered {
  server: Connected;
  tool: Tool;
}

const openai = new OpenAI();
const history: ResponseInputItem[] = [];
const offered = new Map<string, Offered>();
const functions: FunctionTool[] = [];
const connected: Connected[] = [];
let turn: AbortController | null = null;
let exiting = false;

const screen = new Screen({
  submit: (line) => void chat(line),
  cancel: () => turn?.abort(),
  quit: () => void shutdown(0),
});

async function shutdown(code: number): Promise<void> {
  if (exiting) return;
  exiting = true;
  turn?.abort();
  screen.setMode('exiting', 'closing servers…');
  await Promise.all(connected.map((c) => c.client.close().catch(() => {})));
  screen.stop();
  process.exit(code);
}

for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => void shutdown(0));

function toolText(result: CallToolResult): string {
  return (result.content ?? []).map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n');
}

function oneLine(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}
// seam: runCall
/** Asks about one call in the box, then runs it; returns what the model is told. */
async function runCall(call: ResponseFunctionToolCall, signal: AbortSignal): Promise<string> {
  if (signal.aborted) return 'Error: cancelled by the user';
  const target = offered.get(call.name);
  if (target === undefined) return `Error: no such tool ${call.name}`;
  let args: Record<string, unknown>;
  try {
    args = call.arguments ? (JSON.parse(call.arguments) as Record<string, unknown>) : {};
  } catch {
    return 'Error: the arguments are not valid JSON';
  }
  const { config } = target.server;
  const name = target.tool.name;
  screen.add(`  ⚙ ${config.id} › ${name} ${oneLine(JSON.stringify(args), 100)}`);
  const allowed = await screen.ask(
    'Tool call',
    [`Server:    ${config.id}`, `${(config.kind === 'stdio' ? 'Command:' : 'Endpoint:').padEnd(11)}${whereIs(config)}`, `Tool:      ${name}`, 'Arguments:', JSON.stringify(args, null, 2)],
    `Allow ${name} on ${config.id}? [a]llow / [d]eny`,
  );
  if (!allowed) {
    screen.add('    ✗ denied');
    return 'The user denied this tool call.';
  }
  try {
    const result = await target.server.client.callTool({ name, arguments: args }, { signal });
    const text = toolText(result);
    screen.add(`    ${result.isError ? '✗' : '✓'} ${oneLine(text) || '(empty result)'}`);
    return result.isError ? `Error: ${text}` : text;
  } catch (error) {
    const message = (error as Error).message;
    screen.add(`    ✗ ${oneLine(message)}`);
    return `Error: ${message}`;
  }
}

async function chat(line: string): Promise<void> {
  if (line === '/quit' || line === '/exit') return shutdown(0);
  screen.add(`you: ${line}`);
  history.push({ role: 'user', content: line });
  turn = new AbortController();
  const { signal } = turn;
  try {
    for (;;) {
      screen.setMode('busy', 'thinking…');
      const response = await openai.responses.create({ model: MODEL, instructions: INSTRUCTIONS, input: history, tools: functions }, { signal });
      history.push(...(response.output as ResponseInputItem[]));
      if (response.output_text) screen.add(`assistant: ${response.output_text}`);
      const calls = response.output.filter((item): item is ResponseFunctionToolCall => item.type === 'function_call');
      if (calls.length === 0) break;
      for (const call of calls) {
        screen.setMode('busy', `running ${call.name}…`);
        history.push({ type: 'function_call_output', call_id: call.call_id, output: await runCall(call, signal) });
      }
      if (signal.aborted) break;
    }
  } catch (error) {
    screen.add(signal.aborted ? '(cancelled)' : `error: ${(error as Error).message}`);
  } finally {
    turn = null;
  }
  if (!exiting) screen.setMode('idle', 'ready');
}

async function startServer(config: ServerConfig): Promise<void> {
  try {
    const server = await connect(config);
    connected.push(server);
    screen.add(`● ${config.id}: ${server.tools.length} tool${server.tools.length === 1 ? '' : 's'} (${whereIs(config)})`);
  } catch (error) {
    screen.add(`✗ ${config.id}: failed: ${(error as Error).message}`);
  }
}
// seam: main
async function main(): Promise<void> {
  screen.start();
  let servers: ServerConfig[];
  try {
    servers = loadServers();
  } catch (error) {
    screen.add(`${settingsPath()}: ${(error as Error).message}`);
    servers = [];
  }
  screen.title = `tui-responses — ${MODEL} — ${servers.length} MCP server${servers.length === 1 ? '' : 's'}`;
  screen.drawTitle();
  screen.setMode('starting', `connecting to ${servers.length} server${servers.length === 1 ? '' : 's'}…`);
  await Promise.all(servers.map(startServer));
  // offer the tools in the order of the settings file
  for (const config of servers) {
    const server = connected.find((c) => c.config === config);
    for (const tool of server?.tools ?? []) {
      const name = functionName(config.id, tool.name);
      offered.set(name, { server: server as Connected, tool });
      functions.push({ type: 'function', name, description: tool.description ?? '', parameters: tool.inputSchema as Record<string, unknown>, strict: false });
    }
  }
  screen.add(servers.length === 0 ? `No MCP servers configured (${settingsPath()}).` : `${functions.length} tools ready.`);
  screen.setMode('idle', 'ready');
}

void main();
