import { describe, expect, it } from 'vitest';
import type { CallOutcome } from '../mcp/types.js';
import { createPolicyGate } from '../policy/policy-gate.js';
import type { Policy } from '../policy/policy-schema.js';
import type { TelemetryEntry } from '../telemetry/telemetry-log.js';
import { askUserApproval } from './approval.js';
import { REFERENCE_DIALECT } from './dialect.js';
import { Interrupts } from './interrupts.js';
import { runMcpAction, toolAction, type McpAction } from './mcp-action.js';
import { fakeConnections, fakeModel, fakeScreen, mcpTool } from './test-fixtures/fakes.js';
import { buildToolCatalog } from './tool-catalog.js';
import { Conversation } from './conversation.js';
import type { TurnContext } from './turn-context.js';

const search = mcpTool('docs', 'search');
const remove = mcpTool('docs', 'delete_all');

function setup(answers: (string | null)[], policy?: Policy) {
  const connections = fakeConnections([search, remove]);
  const screen = fakeScreen(answers);
  const interrupts = new Interrupts();
  const records: TelemetryEntry[] = [];
  const unknowns: unknown[] = [];
  const ctx: TurnContext = {
    model: fakeModel([]),
    catalog: buildToolCatalog(connections.tools),
    connections,
    conversation: new Conversation([], { append: () => undefined }, (t) => t),
    screen,
    interrupts,
    approve: askUserApproval(screen, interrupts),
    workDir: '/nonexistent',
    contextBudgetBytes: 400 * 1024,
    toolCallsPerTurn: 16,
    dialect: REFERENCE_DIALECT,
    onUnknown: (call) => unknowns.push(call),
    ...(policy === undefined ? {} : { policy: createPolicyGate(policy) }),
    telemetry: { record: (entry) => records.push(entry), close: () => undefined },
  };
  return { ctx, connections, screen, records, unknowns };
}

describe('runMcpAction', () => {
  it('refuses a denied tool without asking the user or sending, and still records it', async () => {
    const { ctx, connections, screen, records } = setup(['y'], { servers: { docs: { denyTools: ['delete_*'] } } });
    const outcome = await runMcpAction(ctx, toolAction(ctx, remove, { really: true }));
    expect(outcome.status).toBe('denied');
    expect(outcome.output).toMatch(/^Denied by policy/);
    expect(screen.prompts).toEqual([]);
    expect(screen.text()).toBe(`[Tool: ${remove.exposedName}]\n`);
    expect(connections.sent).toEqual([]);
    expect(records.map((r) => [r.tool, r.offeredName, r.status, r.latencyMs])).toEqual([['delete_all', remove.exposedName, 'denied', 0]]);
  });

  it('asks about every call of a trusted server and shows the trust line', async () => {
    const { ctx, connections, screen } = setup(['y', 'n'], { servers: { docs: { trust: 'trusted' } } });
    expect((await runMcpAction(ctx, toolAction(ctx, search, {}))).status).toBe('completed');
    expect((await runMcpAction(ctx, toolAction(ctx, search, {}))).status).toBe('denied');
    expect(screen.prompts.filter((p) => p.startsWith('Approve'))).toHaveLength(2);
    expect(screen.text()).toContain('Destination: "http://127.0.0.1:9/docs"\nTrust: "trusted"\nTool: "search"\n');
    expect(connections.sent).toHaveLength(1);
  });

  it('refuses calls past the rate limit locally, counting only calls that were sent', async () => {
    const { ctx, connections, screen } = setup(['n', 'y', 'y', 'y'], { servers: { docs: { callsPerMinute: 2 } } });
    const statuses: string[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await runMcpAction(ctx, toolAction(ctx, search, { i }))).status);
    expect(statuses).toEqual(['denied', 'completed', 'completed', 'denied']);
    expect(connections.sent.map((s) => s.args)).toEqual([{ i: 1 }, { i: 2 }]);
    expect(screen.prompts).toHaveLength(3);
  });

  it('sends a resource action through its own send after approval and records resources/read', async () => {
    const { ctx, records } = setup(['y', 'y'], { servers: { docs: { allowResources: ['notes://public/*'] } } });
    const tool = mcpTool('docs', 'resources/read', { exposedName: 'read_mcp_resource', description: '', parameters: {} });
    const sent: string[] = [];
    const read = (uri: string): McpAction => ({
      kind: 'resource',
      tool,
      args: { uri },
      send: async (): Promise<CallOutcome> => (sent.push(uri), { status: 'completed', output: 'text' }),
    });
    expect((await runMcpAction(ctx, read('notes://secret/x'))).status).toBe('denied');
    expect((await runMcpAction(ctx, read('notes://public/x'))).status).toBe('completed');
    expect(sent).toEqual(['notes://public/x']);
    expect(records.map((r) => [r.tool, r.offeredName, r.status])).toEqual([
      ['resources/read', 'read_mcp_resource', 'denied'],
      ['resources/read', 'read_mcp_resource', 'completed'],
    ]);
  });

  it('arms the unknown gate when a send throws', async () => {
    const { ctx, unknowns, records } = setup(['y']);
    const outcome = await runMcpAction(ctx, { ...toolAction(ctx, search, {}), send: () => Promise.reject(new Error('boom')) });
    expect(outcome.status).toBe('unknown');
    expect(unknowns).toEqual([{ server: 'docs', tool: 'search' }]);
    expect(records[0]?.status).toBe('unknown');
  });
});
