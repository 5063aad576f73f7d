import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CallOutcome, McpConnections } from '../mcp/types.js';
import type { Screen } from '../ui/screen.js';
import { askUserApproval } from './approval.js';
import { REFERENCE_DIALECT } from './dialect.js';
import { Conversation, type RecordedItem } from './conversation.js';
import { Interrupts } from './interrupts.js';
import type { ModelClient } from './model-client.js';
import { createRedactor } from './redaction.js';
import { call, fakeConnections, fakeModel, fakeScreen, mcpTool, outputsOf, say } from './test-fixtures/fakes.js';
import { buildToolCatalog } from './tool-catalog.js';
import type { TurnContext } from './turn-context.js';
import { MAX_TOOL_CALLS_PER_TURN, runTurn } from './turn-loop.js';

const search = mcpTool('docs', 'search');
const write = mcpTool('docs', 'write');

function context(
  model: ModelClient,
  connections: McpConnections,
  screen: Screen,
  extra: Partial<TurnContext> = {},
): TurnContext & { recorded: RecordedItem[]; unknowns: { server: string; tool: string }[] } {
  const interrupts = extra.interrupts ?? new Interrupts();
  const recorded: RecordedItem[] = [];
  const unknowns: { server: string; tool: string }[] = [];
  return {
    model,
    connections,
    screen,
    interrupts,
    catalog: buildToolCatalog(connections.tools),
    conversation: new Conversation([], { append: (item) => recorded.push(item) }, (t) => t),
    approve: askUserApproval(screen, interrupts),
    workDir: mkdtempSync(path.join(tmpdir(), 'refhost-turn-')),
    contextBudgetBytes: 400 * 1024,
    toolCallsPerTurn: MAX_TOOL_CALLS_PER_TURN,
    dialect: REFERENCE_DIALECT,
    onUnknown: (c) => unknowns.push(c),
    recorded,
    unknowns,
    ...extra,
  };
}

describe('runTurn', () => {
  it('approves one call and denies the next call of the same tool', async () => {
    const model = fakeModel([[call(search.exposedName, { q: 'a' })], [call(search.exposedName, { q: 'b' })], [say('done')]]);
    const connections = fakeConnections([search]);
    const screen = fakeScreen(['y', 'n']);
    expect(await runTurn(context(model, connections, screen), 'hi')).toBe('answered');
    expect(connections.sent).toEqual([{ tool: search.exposedName, args: { q: 'a' } }]);
    expect(outputsOf(model.requests[2]?.input ?? []).map((o) => o.status)).toEqual(['completed', 'denied']);
    expect(screen.prompts.filter((p) => p.startsWith('Approve'))).toHaveLength(2);
    expect(screen.text()).toContain('[Tool result: completed]\nok\n');
    expect(screen.text()).toContain('[Tool result: denied]\n');
    expect(screen.text()).toContain('Assistant> done\n');
  });

  it.each([
    ['an empty line', ''],
    ['end of input', null],
    ['"n"', 'n'],
    ['anything but yes', 'sure'],
  ])('denies on %s and sends nothing', async (_label, answer) => {
    const model = fakeModel([[call(search.exposedName, {})], [say('ok')]]);
    const connections = fakeConnections([search]);
    await runTurn(context(model, connections, fakeScreen([answer])), 'hi');
    expect(connections.sent).toEqual([]);
    expect(outputsOf(model.requests[1]?.input ?? [])).toEqual([
      { status: 'denied', output: 'The user denied this call; nothing was sent to the MCP server.' },
    ]);
  });

  it('accepts y and yes in any case with surrounding blanks', async () => {
    const model = fakeModel([[call(search.exposedName, {}), call(search.exposedName, {}), call(search.exposedName, {})], [say('ok')]]);
    const connections = fakeConnections([search]);
    await runTurn(context(model, connections, fakeScreen([' Y ', 'YES', 'yEs\t'])), 'hi');
    expect(connections.sent).toHaveLength(3);
  });

  it('asks and sends several calls of one response one after another', async () => {
    const events: string[] = [];
    let release: (() => void) | null = null;
    const connections = fakeConnections([search, write], async (tool) => {
      events.push(`sent ${tool.originalName}`);
      await new Promise<void>((resolve) => {
        release = resolve;
        queueMicrotask(() => release?.());
      });
      events.push(`done ${tool.originalName}`);
      return { status: 'completed', output: tool.originalName };
    });
    const screen = fakeScreen(['y', 'n', 'y']);
    const asking: Screen = {
      write: (t) => screen.write(t),
      ask: async (prompt, signal) => {
        events.push('asked');
        return screen.ask(prompt, signal);
      },
    };
    const model = fakeModel([[call(search.exposedName, {}), call(write.exposedName, {}), call(search.exposedName, {})], [say('ok')]]);
    await runTurn(context(model, connections, asking), 'hi');
    expect(events).toEqual(['asked', 'sent search', 'done search', 'asked', 'asked', 'sent search', 'done search']);
    expect(connections.maxInFlight).toBe(1);
    expect(outputsOf(model.requests[1]?.input ?? []).map((o) => o.status)).toEqual(['completed', 'denied', 'completed']);
  });

  it('ends the turn at 16 tool calls, read_file included, without another model request', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'refhost-cap-'));
    writeFileSync(path.join(dir, 'a.txt'), 'A');
    const first = Array.from({ length: 10 }, () => call('read_file', { path: 'a.txt' }));
    const second = [...Array.from({ length: 5 }, () => call('read_file', { path: 'a.txt' })), ...Array.from({ length: 5 }, () => call(search.exposedName, {}))];
    const model = fakeModel([first, second, [say('never')]]);
    const connections = fakeConnections([search]);
    const screen = fakeScreen(['y', 'y', 'y', 'y', 'y']);
    expect(await runTurn(context(model, connections, screen, { workDir: dir }), 'hi')).toBe('tool_limit');
    expect(model.requests).toHaveLength(2);
    expect(connections.sent).toHaveLength(1);
    expect(screen.prompts.filter((p) => p.startsWith('Approve'))).toHaveLength(1);
    expect(screen.text()).toContain('Tool call limit reached: at most 16 tool calls per turn.');
  });

  it('gives every call past the cap a denied output so the history stays paired', async () => {
    const model = fakeModel([Array.from({ length: 20 }, () => call('no_such_tool', {}))]);
    const ctx = context(model, fakeConnections([]), fakeScreen([]));
    await runTurn(ctx, 'hi');
    const outputs = outputsOf(ctx.conversation.items);
    expect(outputs).toHaveLength(20);
    expect(outputs.slice(16).every((o) => o.status === 'denied' && o.output.includes('limit of 16 tool calls'))).toBe(true);
  });

  it('reports an unknown outcome and keeps going', async () => {
    const connections = fakeConnections([search], async () => ({ status: 'unknown', output: 'may have run' }));
    const model = fakeModel([[call(search.exposedName, {})], [say('told')]]);
    const ctx = context(model, connections, fakeScreen(['y']));
    expect(await runTurn(ctx, 'hi')).toBe('answered');
    expect(ctx.unknowns).toEqual([{ server: 'docs', tool: 'search' }]);
    expect(outputsOf(model.requests[1]?.input ?? [])).toEqual([{ status: 'unknown', output: 'may have run' }]);
  });

  it('turns an interrupt during an MCP call into an unknown outcome', async () => {
    const interrupts = new Interrupts();
    let started!: () => void;
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    const connections = fakeConnections([search], (_tool, _args, signal) => {
      started();
      return new Promise<CallOutcome>((resolve) =>
        signal?.addEventListener('abort', () => resolve({ status: 'unknown', output: 'interrupted' }), { once: true }),
      );
    });
    const model = fakeModel([[call(search.exposedName, {})], [say('after')]]);
    const ctx = context(model, connections, fakeScreen(['y']), { interrupts });
    const turn = runTurn(ctx, 'hi');
    await inFlight;
    interrupts.interrupt();
    expect(await turn).toBe('answered');
    expect(ctx.unknowns).toHaveLength(1);
  });

  it('cancels a model request on interrupt and ends the turn', async () => {
    const interrupts = new Interrupts();
    let waiting!: () => void;
    const requested = new Promise<void>((resolve) => (waiting = resolve));
    const model = fakeModel([
      (request) =>
        new Promise((_resolve, reject) => {
          waiting();
          request.signal.addEventListener('abort', () => reject(new Error('Request was aborted.')));
        }),
    ]);
    const screen = fakeScreen([]);
    const turn = runTurn(context(model, fakeConnections([]), screen, { interrupts }), 'hi');
    await requested;
    interrupts.interrupt();
    expect(await turn).toBe('cancelled');
    expect(screen.text()).toContain('Model request cancelled.');
  });

  it('shows a model error on one line and ends the turn', async () => {
    const model: ModelClient = { respond: () => Promise.reject(new Error('401 Incorrect API key')) };
    const screen = fakeScreen([]);
    expect(await runTurn(context(model, fakeConnections([]), screen), 'hi')).toBe('model_error');
    expect(screen.text()).toBe('refhost: model request failed: 401 Incorrect API key\n');
  });

  it('refuses arguments that are not a JSON object without asking or sending', async () => {
    const model = fakeModel([[call(search.exposedName, '[1,2]')], [say('ok')]]);
    const connections = fakeConnections([search]);
    const screen = fakeScreen([]);
    await runTurn(context(model, connections, screen), 'hi');
    expect(screen.prompts).toEqual([]);
    expect(connections.sent).toEqual([]);
    expect(outputsOf(model.requests[1]?.input ?? [])[0]?.status).toBe('failed');
  });

  it('records MCP calls with their server and original tool name', async () => {
    const model = fakeModel([[call(search.exposedName, { q: 1 })], [say('ok')]]);
    const ctx = context(model, fakeConnections([search]), fakeScreen(['y']));
    await runTurn(ctx, 'hi');
    expect(ctx.recorded.map((i) => i.type)).toEqual(['message', 'function_call', 'function_call_output', 'message']);
    expect(ctx.recorded[1]).toMatchObject({ name: search.exposedName, mcp: { server: 'docs', tool: 'search' } });
  });

  it('masks a credential a server echoes before it reaches the model, the screen or the session', async () => {
    const connections = fakeConnections([search], async () => ({ status: 'completed', output: 'token=s3cr3t-value' }));
    const model = fakeModel([[call(search.exposedName, {})], [say('ok')]]);
    const redact = createRedactor(['s3cr3t-value']);
    const screen = fakeScreen(['y']);
    const recorded: RecordedItem[] = [];
    const ctx = context(model, connections, screen, {
      conversation: new Conversation([], { append: (i) => recorded.push(i) }, redact),
    });
    await runTurn(ctx, 'hi');
    expect(JSON.stringify(model.requests)).not.toContain('s3cr3t-value');
    expect(JSON.stringify(recorded)).not.toContain('s3cr3t-value');
    expect(JSON.stringify(recorded)).toContain('token=********');
  });

  it('elides the oldest tool outputs when the input exceeds the context budget', async () => {
    const big = 'x'.repeat(3000);
    const connections = fakeConnections([search], async () => ({ status: 'completed', output: big }));
    const model = fakeModel([[call(search.exposedName, {})], [call(search.exposedName, {})], [call(search.exposedName, {})], [say('ok')]]);
    const ctx = context(model, connections, fakeScreen(['y', 'y', 'y']), { contextBudgetBytes: 7000 });
    await runTurn(ctx, 'hi');
    const last = model.requests[3]?.input ?? [];
    expect(Buffer.byteLength(JSON.stringify(last))).toBeLessThanOrEqual(7000);
    const outputs = outputsOf(last);
    expect(outputs[0]?.output).toMatch(/^\[elided: \d+ bytes of earlier tool output/);
    expect(outputs[2]?.output).toBe(big);
  });
});
