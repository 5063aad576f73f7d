#!/usr/bin/env node
// genai-gemini: a terminal chat with Gemini that can use tools from MCP servers.
//
//   GEMINI_API_KEY=... genai-gemini          (servers in ~/.genai-gemini/config.toml)
//
// GEMINI_MODEL picks the model (default gemini-2.5-flash), GEMINI_BASE_URL points the client
// at another endpoint. Every tool call is shown and needs a "y" before it runs.
import { createInterface } from 'node:readline';
import { GoogleGenAI, type Content, type FunctionCall, type Part } from '@google/genai';
import { CONFIG_FILE, loadServers } from './config.js';
import { McpHub, resultText } from './mcp.js';

const VERSION = '0.1.0';
const MODEL = process.env.GEMINI_MODEL ?? 'gemini-2.5-flash';
const SYSTEM = 'You are a helpful assistant in a terminal chat. You can call tools from the MCP servers the user connected; use them when they help.';

const dim = (s: string) => `\x1b[2m${s}\x1b[0m`;
const bold = (s: string) => `\x1b[1m${s}\x1b[0m`;

if (process.argv.includes('--version')) {
  console.log(`genai-gemini ${VERSION}`);
  process.exit(0);
}

const apiKey = process.env.GEMINI_API_KEY;
if (!apiKey) {
  console.error('genai-gemini: set GEMINI_API_KEY');
  process.exit(1);
}
const ai = new GoogleGenAI({ apiKey, ...(process.env.GEMINI_BASE_URL ? { httpOptions: { baseUrl: process.env.GEMINI_BASE_URL } } : {}) });

// --- input: one line at a time, null at end of input -------------------------------------
const rl = createInterface({ input: process.stdin, output: process.stdout });
const queued: string[] = [];
let waiting: ((line: string | null) => void) | null = null;
let closed = false;
rl.on('line', (line) => {
  if (waiting) {
    const w = waiting;
    waiting = null;
    w(line);
  } else queued.push(line);
});
rl.on('close', () => {
  closed = true;
  waiting?.(null);
  waiting = null;
});

function ask(prompt: string, signal?: AbortSignal): Promise<string | null> {
  if (queued.length > 0) return Promise.resolve(queued.shift() ?? null);
  if (closed) return Promise.resolve(null);
  rl.setPrompt(prompt);
  rl.prompt();
  return new Promise((resolve) => {
    waiting = resolve;
    signal?.addEventListener('abort', () => {
      if (waiting === resolve) waiting = null;
      resolve(null);
    });
  });
}

// Ctrl-C stops what is running; at the prompt it quits.
let current: AbortController | null = null;
rl.on('SIGINT', () => {
  if (current) {
    current.abort();
    process.stdout.write(dim('\n^C interrupted\n'));
  } else rl.close();
});

// --- MCP servers ----------------------------------------------------------------------------
const hub = new McpHub();
let servers;
try {
  servers = loadServers();
} catch (error) {
  console.error(`genai-gemini: cannot read ${CONFIG_FILE}: ${(error as Error).message}`);
  process.exit(1);
}
for (const status of await hub.connectAll(servers)) {
  if (status.ok) console.log(dim(`[mcp] ${status.server}: connected, ${status.tools} tools`));
  else console.log(`[mcp] ${status.server}: failed to connect (${status.error})`);
}
const declarations = hub.declarations();

console.log(bold(`genai-gemini ${VERSION}`) + dim(` · ${MODEL} · ${hub.tools.size} tools · /quit to leave`));
// seam: runCall
// --- one tool call: ask, run, report --------------------------------------------------------
async function runCall(call: FunctionCall, signal: AbortSignal): Promise<Record<string, unknown>> {
  const entry = hub.tools.get(call.name ?? '');
  if (!entry) return { error: `No such tool: ${call.name}` };
  const args = call.args ?? {};
  console.log(`\n${bold('? tool call')} ${entry.functionName}`);
  console.log(`  server: ${entry.server}`);
  console.log(`  tool:   ${entry.tool.name}`);
  console.log(`  args:   ${JSON.stringify(args)}`);
  const answer = await ask('  run it? [y/N] ', signal);
  if (!/^(y|yes)$/i.test(answer?.trim() ?? '')) {
    console.log(dim('  denied'));
    return { error: 'The user denied this tool call.' };
  }
  try {
    const result = await hub.call(entry, args, signal);
    const text = resultText(result);
    console.log(dim(`  ${result.isError ? 'error' : 'done'}: ${text.slice(0, 200)}`));
    return result.isError ? { error: text } : { output: text };
  } catch (error) {
    const message = (error as Error).message;
    console.log(dim(`  failed: ${message}`));
    return { error: message };
  }
}

// --- the conversation -----------------------------------------------------------------------
const history: Content[] = [];

async function runTurn(signal: AbortSignal): Promise<void> {
  for (;;) {
    const stream = await ai.models.generateContentStream({
      model: MODEL,
      contents: history,
      config: { systemInstruction: SYSTEM, abortSignal: signal, ...(declarations.length > 0 ? { tools: [{ functionDeclarations: declarations }] } : {}) },
    });
    let text = '';
    const calls: FunctionCall[] = [];
    for await (const chunk of stream) {
      for (const part of chunk.candidates?.[0]?.content?.parts ?? []) {
        if (part.text) {
          process.stdout.write(part.text);
          text += part.text;
        }
        if (part.functionCall) calls.push(part.functionCall);
      }
    }
    if (text) process.stdout.write('\n');
    history.push({ role: 'model', parts: [...(text ? [{ text }] : []), ...calls.map((functionCall) => ({ functionCall }))] });
    if (calls.length === 0) return;

    const responses: Part[] = [];
    for (const call of calls) {
      const response = signal.aborted ? { error: 'Cancelled by the user.' } : await runCall(call, signal);
      responses.push({ functionResponse: { ...(call.id ? { id: call.id } : {}), name: call.name, response } });
    }
    history.push({ role: 'user', parts: responses });
    if (signal.aborted) return;
  }
}

for (;;) {
  const line = await ask('you> ');
  if (line === null) break;
  const message = line.trim();
  if (!message) continue;
  if (message === '/quit' || message === '/exit') break;
  history.push({ role: 'user', parts: [{ text: message }] });
  current = new AbortController();
  try {
    await runTurn(current.signal);
  } catch (error) {
    if (!current.signal.aborted) console.log(`error: ${(error as Error).message}`);
  } finally {
    current = null;
  }
}

rl.close();
await hub.closeAll();
process.exit(0);
