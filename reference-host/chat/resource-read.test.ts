import { describe, expect, it } from 'vitest';
import type { McpConnections, McpResource } from '../mcp/types.js';
import { askUserApproval } from './approval.js';
import { REFERENCE_DIALECT } from './dialect.js';
import { Conversation } from './conversation.js';
import { Interrupts } from './interrupts.js';
import { READ_RESOURCE_NAME } from './resource-tool.js';
import { call, fakeConnections, fakeModel, fakeScreen, mcpTool, outputsOf, say } from './test-fixtures/fakes.js';
import { buildToolCatalog } from './tool-catalog.js';
import type { TurnContext } from './turn-context.js';
import { runTurn } from './turn-loop.js';

const NOTE: McpResource = { server: 'docs', uri: 'notes://a', name: 'a', description: 'First note', mimeType: undefined };

/** Connections whose docs server listed notes://a; reads are recorded, answered with text. */
function withResources(): ReturnType<typeof fakeConnections> & { reads: string[] } {
  const base = fakeConnections([mcpTool('docs', 'search')], undefined, [{ server: 'docs', destination: 'http://127.0.0.1:9/docs', ok: true, toolCount: 1 }]);
  const reads: string[] = [];
  return Object.assign(base, {
    reads,
    resources: [NOTE],
    isOfferedResource: (server: string, uri: string) => server === 'docs' && uri === NOTE.uri,
    readResource: async (_server: string, uri: string) => {
      reads.push(uri);
      return { status: 'completed' as const, output: 'alpha' };
    },
  });
}

function context(connections: McpConnections, answers: (string | null)[], script: Parameters<typeof fakeModel>[0]) {
  const screen = fakeScreen(answers);
  const interrupts = new Interrupts();
  const model = fakeModel(script);
  const ctx: TurnContext = {
    model,
    connections,
    screen,
    interrupts,
    catalog: buildToolCatalog(connections.tools, connections),
    conversation: new Conversation([], null, (t) => t),
    approve: askUserApproval(screen, interrupts),
    workDir: process.cwd(),
    contextBudgetBytes: 400 * 1024,
    toolCallsPerTurn: 16,
    dialect: REFERENCE_DIALECT,
    onUnknown: () => undefined,
  };
  return { ctx, screen, model };
}

describe('read_mcp_resource', () => {
  it('is offered only when some server listed resources, with the listing in its description', () => {
    expect(buildToolCatalog([]).resolve(READ_RESOURCE_NAME)).toBeUndefined();
    const catalog = buildToolCatalog([], withResources());
    const definition = catalog.definitions.find((d) => d.name === READ_RESOURCE_NAME);
    expect(definition?.description).toContain('- server "docs": "notes://a" (a) - First note');
    expect(definition?.parameters).toMatchObject({ required: ['server', 'uri'] });
    expect(catalog.resolve(READ_RESOURCE_NAME)).toEqual({ kind: 'resource' });
  });

  it('sends an approved read to its server alone after the confirmation screen', async () => {
    const connections = withResources();
    const { ctx, screen, model } = context(connections, ['y'], [[call(READ_RESOURCE_NAME, { server: 'docs', uri: 'notes://a' })], [say('done')]]);
    await runTurn(ctx, 'read it');
    expect(connections.reads).toEqual(['notes://a']);
    expect(connections.sent).toEqual([]);
    expect(screen.text()).toContain('Server: "docs"\nDestination: "http://127.0.0.1:9/docs"\nTool: "resources/read"\n');
    expect(screen.text()).toContain('notes://a');
    expect(outputsOf(model.requests[1]?.input ?? [])).toEqual([{ status: 'completed', output: 'alpha' }]);
  });

  it('sends nothing when the user denies the read', async () => {
    const connections = withResources();
    const { ctx, model } = context(connections, ['n'], [[call(READ_RESOURCE_NAME, { server: 'docs', uri: 'notes://a' })], [say('ok')]]);
    await runTurn(ctx, 'read it');
    expect(connections.reads).toEqual([]);
    expect(outputsOf(model.requests[1]?.input ?? [])[0]?.status).toBe('denied');
  });

  it('refuses an unlisted URI or unknown server locally without asking the user', async () => {
    const connections = withResources();
    const calls = [
      call(READ_RESOURCE_NAME, { server: 'docs', uri: 'notes://secret' }),
      call(READ_RESOURCE_NAME, { server: 'other', uri: 'notes://a' }),
      call(READ_RESOURCE_NAME, { uri: 'notes://a' }),
    ];
    const { ctx, screen, model } = context(connections, [], [calls, [say('ok')]]);
    await runTurn(ctx, 'read them');
    expect(connections.reads).toEqual([]);
    expect(screen.prompts.filter((p) => p.startsWith('Approve'))).toEqual([]);
    const outputs = outputsOf(model.requests[1]?.input ?? []);
    expect(outputs.map((o) => o.status)).toEqual(['failed', 'failed', 'failed']);
    expect(outputs[0]?.output).toContain('did not list the resource "notes://secret"');
  });
});
