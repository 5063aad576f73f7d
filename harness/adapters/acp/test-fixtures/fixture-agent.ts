// A small ACP agent on the SDK's agent side, for acp-adapter.test.ts: what each prompt asks
// for is its first word. "ask" requests permission and reports the outcome; "unknown" sends a
// request no client serves and reports the error code; "child" starts a grandchild that
// sleeps (in the agent's process group) and prints its pid; anything else is echoed.
import { agent, ndJsonStream, type RequestPermissionResponse } from '@agentclientprotocol/sdk';
import { spawn } from 'node:child_process';
import { Readable, Writable } from 'node:stream';

const input = Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>;
const output = Writable.toWeb(process.stdout) as WritableStream<Uint8Array>;
const cancelled = new Set<string>();

const app = agent({ name: 'fixture-agent' })
  // FIXTURE_SLOW_NEW_MS: session/new answers that late and session/load is offered (it echoes the loaded id).
  .onRequest('initialize', () => ({ protocolVersion: 1, agentCapabilities: { loadSession: process.env['FIXTURE_SLOW_NEW_MS'] !== undefined } }))
  .onRequest('session/new', async ({ params }) => {
    await new Promise((resolve) => setTimeout(resolve, Number(process.env['FIXTURE_SLOW_NEW_MS'] ?? 0)));
    return { sessionId: `s-${params.mcpServers.map((s) => s.name).join('+')}` };
  })
  .onRequest('session/load', async ({ params, client }) => {
    await client.notify('session/update', {
      sessionId: params.sessionId,
      update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: `loaded ${params.sessionId}` } },
    });
    return {};
  })
  .onRequest('session/set_mode', () => ({}))
  .onNotification('session/cancel', ({ params }) => void cancelled.add(params.sessionId))
  .onRequest('session/prompt', async ({ params, client }) => {
    const { sessionId } = params;
    const first = params.prompt[0];
    const text = first?.type === 'text' ? first.text : '';
    const say = (words: string) =>
      client.notify('session/update', { sessionId, update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: words } } });
    if (text.startsWith('ask')) {
      await client.notify('session/update', {
        sessionId,
        update: { sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'docs/search', kind: 'fetch', status: 'pending', rawInput: { q: 'x' } },
      });
      const answer: RequestPermissionResponse = await client.request('session/request_permission', {
        sessionId,
        toolCall: { toolCallId: 'c1', title: 'docs/search', kind: 'fetch', rawInput: { q: 'x' } },
        options: [
          { optionId: 'always', name: 'Always', kind: 'allow_always' },
          { optionId: 'yes-once', name: 'Allow', kind: 'allow_once' },
          { optionId: 'no-once', name: 'Reject', kind: 'reject_once' },
        ],
      });
      const outcome = answer.outcome.outcome === 'selected' ? `selected ${answer.outcome.optionId}` : 'cancelled';
      await client.notify('session/update', {
        sessionId,
        update: { sessionUpdate: 'tool_call_update', toolCallId: 'c1', status: outcome === 'selected yes-once' ? 'completed' : 'failed' },
      });
      // Joined by the client: two chunks, one line.
      await say('outcome: ');
      await say(outcome);
      return { stopReason: cancelled.has(sessionId) ? 'cancelled' : 'end_turn' };
    }
    if (text.startsWith('unknown')) {
      const code = await client.request('craft/drainMidTurnQueue', {}).then(
        () => 'none',
        (e: { code?: number }) => String(e.code),
      );
      await say(`error code ${code}`);
      return { stopReason: 'end_turn' };
    }
    if (text.startsWith('child')) {
      const child = spawn('sleep', ['1000'], { stdio: 'ignore' });
      await say(`child pid ${child.pid}`);
      return { stopReason: 'end_turn' };
    }
    await say(`echo ${text}`);
    return { stopReason: 'end_turn' };
  });

app.connect(ndJsonStream(output, input));
// An agent that, like codex-acp, ignores end of input when FIXTURE_IGNORE_EOF is set.
if (process.env['FIXTURE_IGNORE_EOF'] === '1') setInterval(() => {}, 1000);
