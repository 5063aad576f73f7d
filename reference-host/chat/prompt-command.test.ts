import { describe, expect, it } from 'vitest';
import type { McpConnections, McpPrompt, PromptOutcome } from '../mcp/types.js';
import { askUserApproval } from './approval.js';
import { REFERENCE_DIALECT } from './dialect.js';
import { chatLoop } from './chat-loop.js';
import { Conversation } from './conversation.js';
import { Interrupts } from './interrupts.js';
import { parsePromptCommand } from './prompt-command.js';
import { fakeConnections, fakeModel, fakeScreen, say } from './test-fixtures/fakes.js';
import { buildToolCatalog } from './tool-catalog.js';

const GREET: McpPrompt = { server: 'docs', name: 'greet', description: 'Say hi', arguments: [{ name: 'who', description: undefined, required: true }] };

function withPrompts(): McpConnections & { gets: { name: string; args: Record<string, string> }[] } {
  const gets: { name: string; args: Record<string, string> }[] = [];
  return Object.assign(fakeConnections([]), {
    gets,
    prompts: [GREET],
    getPrompt: async (_server: string, name: string, args: Record<string, string>): Promise<PromptOutcome> => {
      gets.push({ name, args });
      return { ok: true, messages: [{ role: 'user', text: `Say hi to ${args.who ?? '?'}.` }, { role: 'assistant', text: 'Hi \x1b[31m!' }] };
    },
  });
}

async function chat(lines: string[]) {
  const connections = withPrompts();
  const screen = fakeScreen(lines);
  const interrupts = new Interrupts();
  const model = fakeModel([[say('answered')]]);
  await chatLoop({
    model,
    connections,
    screen,
    interrupts,
    catalog: buildToolCatalog([]),
    conversation: new Conversation([], null, (t) => t),
    approve: askUserApproval(screen, interrupts),
    workDir: process.cwd(),
    contextBudgetBytes: 400 * 1024,
    toolCallsPerTurn: 16,
    dialect: REFERENCE_DIALECT,
  });
  return { connections, screen, model };
}

describe('prompt commands', () => {
  it('lists prompts without fetching any', async () => {
    const { connections, screen, model } = await chat(['/prompts']);
    expect(screen.text()).toContain('docs greet - Say hi\n');
    expect(connections.gets).toEqual([]);
    expect(model.requests).toEqual([]);
  });

  it('fetches a prompt on request, shows it marked and sends it as user items marked with the server', async () => {
    const { connections, screen, model } = await chat(['/prompt docs greet who=Ada']);
    expect(connections.gets).toEqual([{ name: 'greet', args: { who: 'Ada' } }]);
    expect(screen.text()).toContain('[Prompt from docs] user: Say hi to Ada.\n[Prompt from docs] assistant: Hi \\x1b[31m!\n');
    const input = model.requests[0]?.input ?? [];
    expect(input).toEqual([
      { type: 'message', role: 'user', content: '[MCP prompt from server "docs"] user: Say hi to Ada.' },
      { type: 'message', role: 'user', content: '[MCP prompt from server "docs"] assistant: Hi \x1b[31m!' },
    ]);
  });

  it('sends nothing for an unknown prompt or a missing required argument', async () => {
    const { connections, screen, model } = await chat(['/prompt docs nope', '/prompt docs greet']);
    expect(screen.text()).toContain('refhost: MCP server docs offers no prompt named nope');
    expect(screen.text()).toContain('refhost: prompt greet of MCP server docs needs: who');
    expect(connections.gets).toEqual([]);
    expect(model.requests).toEqual([]);
  });

  it('parses key=value arguments and refuses other tokens', () => {
    expect(parsePromptCommand('/prompt docs greet who=Ada x=a=b')).toEqual({ server: 'docs', name: 'greet', args: { who: 'Ada', x: 'a=b' } });
    expect(parsePromptCommand('/prompt docs')).toHaveProperty('error');
    expect(parsePromptCommand('/prompt docs greet bare')).toHaveProperty('error');
  });
});
