import { describe, expect, it } from 'vitest';
import { askUserApproval } from './approval.js';
import { REFERENCE_DIALECT } from './dialect.js';
import { chatLoop, type ChatLoopContext } from './chat-loop.js';
import { Conversation } from './conversation.js';
import { Interrupts } from './interrupts.js';
import type { ModelClient } from './model-client.js';
import { call, fakeConnections, fakeModel, fakeScreen, mcpTool, say } from './test-fixtures/fakes.js';
import { buildToolCatalog } from './tool-catalog.js';
import type { McpConnections } from '../mcp/types.js';
import type { Screen } from '../ui/screen.js';

const GATE = 'An earlier MCP call may have run: docs/search. Send your message anyway? [y/N] ';
const tool = mcpTool('docs', 'search');

function context(model: ModelClient, connections: McpConnections, screen: Screen, interrupts = new Interrupts()): ChatLoopContext {
  return {
    model,
    connections,
    screen,
    interrupts,
    catalog: buildToolCatalog(connections.tools),
    conversation: new Conversation([], null, (t) => t),
    approve: askUserApproval(screen, interrupts),
    workDir: process.cwd(),
    contextBudgetBytes: 400 * 1024,
    toolCallsPerTurn: 16,
    dialect: REFERENCE_DIALECT,
  };
}

function userMessages(model: ReturnType<typeof fakeModel>): string[] {
  const last = model.requests.at(-1)?.input ?? [];
  return last.flatMap((i) => (i.type === 'message' && i.role === 'user' ? [i.content] : []));
}

describe('chatLoop', () => {
  it('after an unknown outcome, keeps a declined message unsent and sends it once confirmed', async () => {
    const connections = fakeConnections([tool], async () => ({ status: 'unknown', output: 'may have run' }));
    const model = fakeModel([[call(tool.exposedName, {})], [say('unknown, not retried')], [say('second answer')]]);
    const screen = fakeScreen(['first', 'y', 'second', 'n', 'third', 'yes', '/quit']);
    await chatLoop(context(model, connections, screen));
    expect(screen.prompts).toEqual(['You> ', 'Approve this operation? [y/N] ', 'You> ', GATE, 'You> ', GATE, 'You> ']);
    expect(screen.text()).toContain('Message not sent.\n');
    expect(model.requests).toHaveLength(3);
    expect(userMessages(model)).toEqual(['first', 'third']);
  });

  it('keeps the gate armed while messages are declined', async () => {
    const connections = fakeConnections([tool], async () => ({ status: 'unknown', output: 'x' }));
    const model = fakeModel([[call(tool.exposedName, {})], [say('a')]]);
    const screen = fakeScreen(['first', 'y', 'second', '', 'third', 'no']);
    await chatLoop(context(model, connections, screen));
    expect(screen.prompts.filter((p) => p === GATE)).toHaveLength(2);
    expect(model.requests).toHaveLength(2);
  });

  it('does not ask before messages when no call ended unknown', async () => {
    const model = fakeModel([[say('one')], [say('two')]]);
    const screen = fakeScreen(['a', 'b']);
    await chatLoop(context(model, fakeConnections([tool]), screen));
    expect(screen.prompts).toEqual(['You> ', 'You> ', 'You> ']);
    expect(screen.text()).toContain('Assistant> one\n');
  });

  it('ends on /quit and on end of input, ignoring empty lines', async () => {
    const model = fakeModel([]);
    await chatLoop(context(model, fakeConnections([]), fakeScreen(['', '  ', '/quit', 'never'])));
    await chatLoop(context(model, fakeConnections([]), fakeScreen([])));
    expect(model.requests).toHaveLength(0);
  });

  it('ends when interrupted at the prompt', async () => {
    const interrupts = new Interrupts();
    const screen: Screen = {
      write: () => undefined,
      ask: (_prompt, signal) =>
        new Promise((resolve) => {
          signal?.addEventListener('abort', () => resolve(null));
          queueMicrotask(() => interrupts.interrupt());
        }),
    };
    await expect(chatLoop(context(fakeModel([]), fakeConnections([]), screen, interrupts))).resolves.toBeUndefined();
  });
});
