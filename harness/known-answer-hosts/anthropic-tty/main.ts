#!/usr/bin/env node
// anthropic-tty: a small terminal chat with Claude that can use tools from MCP servers.
//
//   ANTHROPIC_API_KEY=... anthropic-tty            # servers come from ~/.config/anthropic-tty/config.yaml
//
// Every tool call is shown and needs a "y" before it runs. /quit (or Ctrl-D) leaves.
import Anthropic from '@anthropic-ai/sdk';
import * as readline from 'node:readline/promises';
import { configPath, loadConfig } from './config.js';
import { anthropicTools, callTool, connect, registerTools, resultBlocks, type Connection, type McpTool } from './mcp.js';

const VERSION = '0.1.0';
const SYSTEM = 'You are a helpful assistant in a terminal chat. You can use the tools of the MCP servers the user configured; the user approves each tool call.';

if (process.argv.includes('--version')) {
  console.log(`anthropic-tty ${VERSION}`);
  process.exit(0);
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error(`anthropic-tty: cannot read ${configPath()}: ${errorText(error)}`);
  process.exit(1);
}
// seam: anthropic
const anthropic = new Anthropic(); // ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL
const model = process.env.ANTHROPIC_MODEL || config.model || 'claude-sonnet-4-5';
// seam: connected
// Connect every server at once; one that fails is reported and left out.
const connected = await Promise.all(
  config.servers.map(async (server) => {
    try {
      const connection = await connect(server);
      const n = connection.tools.length;
      console.log(`● ${server.name}: connected, ${n} tool${n === 1 ? '' : 's'}`);
      return connection;
    } catch (error) {
      console.log(`✗ ${server.name}: failed to connect (${errorText(error)})`);
      return null;
    }
  }),
);
const connections = connected.filter((c): c is Connection => c !== null);
const tools = registerTools(connections);
console.log(`anthropic-tty ${VERSION} · ${model} · ${tools.size} tools from ${connections.length} server(s) · /quit to leave`);

const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
let closing = false;
rl.on('close', () => void shutdown());

async function shutdown(): Promise<void> {
  if (closing) return;
  closing = true;
  await Promise.allSettled(connections.map((c) => c.client.close()));
  process.exit(0);
}

/** One line from the user, or null once input has ended. */
async function ask(prompt: string): Promise<string | null> {
  if (closing) return null;
  try {
    return await rl.question(prompt);
  } catch {
    return null;
  }
}
// seam: runTool
async function runTool(block: Anthropic.ToolUseBlock): Promise<Anthropic.ToolResultBlockParam> {
  const t: McpTool | undefined = tools.get(block.name);
  if (!t) return { type: 'tool_result', tool_use_id: block.id, content: [{ type: 'text', text: `No such tool: ${block.name}` }], is_error: true };

  console.log(`\nTool request: ${t.tool.name} (server "${t.server}")`);
  console.log(JSON.stringify(block.input, null, 2));
  const answer = await ask('Run it? [y/N] ');
  if (answer === null || !/^y(es)?$/i.test(answer.trim())) {
    console.log('  skipped');
    return { type: 'tool_result', tool_use_id: block.id, content: [{ type: 'text', text: 'The user denied this tool call.' }], is_error: true };
  }

  try {
    const result = await callTool(t, block.input);
    const content = resultBlocks(result);
    if (result.isError) {
      const first = content.find((c) => c.type === 'text');
      console.log(`  ✗ ${t.tool.name} returned an error: ${first?.type === 'text' ? first.text.slice(0, 200) : ''}`);
      return { type: 'tool_result', tool_use_id: block.id, content, is_error: true };
    }
    console.log(`  ✓ ${t.tool.name} done`);
    return { type: 'tool_result', tool_use_id: block.id, content };
  } catch (error) {
    console.log(`  ✗ ${t.tool.name} failed: ${errorText(error)}`);
    return { type: 'tool_result', tool_use_id: block.id, content: [{ type: 'text', text: `Error: ${errorText(error)}` }], is_error: true };
  }
}

const messages: Anthropic.MessageParam[] = [];
// seam: turn
/** Sends the conversation and runs the tool calls Claude asks for until it answers in text. */
async function turn(): Promise<void> {
  const start = messages.length - 1;
  try {
    for (;;) {
      const stream = anthropic.messages.stream({
        model,
        max_tokens: 4096,
        system: SYSTEM,
        messages,
        ...(tools.size > 0 ? { tools: anthropicTools(tools) } : {}),
      });
      let printed = false;
      stream.on('text', (text) => {
        printed = true;
        process.stdout.write(text);
      });
      const reply = await stream.finalMessage();
      if (printed) process.stdout.write('\n');
      messages.push({ role: 'assistant', content: reply.content });
      if (reply.stop_reason !== 'tool_use') return;

      const results: Anthropic.ToolResultBlockParam[] = [];
      for (const block of reply.content) {
        if (block.type === 'tool_use') results.push(await runTool(block));
      }
      messages.push({ role: 'user', content: results });
    }
  } catch (error) {
    console.log(`\n[error] ${errorText(error)}`);
    messages.length = start; // forget the failed turn
  }
}

for (;;) {
  const line = await ask('you> ');
  if (line === null) break;
  const text = line.trim();
  if (text === '') continue;
  if (text === '/quit' || text === '/exit') break;
  messages.push({ role: 'user', content: text });
  await turn();
}
await shutdown();
