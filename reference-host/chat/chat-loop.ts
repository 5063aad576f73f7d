// The `You> ` loop: commands, the UNKNOWN-2 gate and one turn per message. After an MCP
// call ended unknown, the next message waits for the user's confirmation that the call may
// have run; declining keeps the message unsent and the host running, the gate armed.
import { isYes } from '../ui/confirmation.js';
import { USER_PROMPT, unknownGatePrompt } from '../ui/screen-text.js';
import type { McpCallRef } from './conversation.js';
import { runTurn, type TurnContext } from './turn-loop.js';

export const QUIT_COMMAND = '/quit';

export type ChatLoopContext = Omit<TurnContext, 'onUnknown'>;

/** Runs until end of input, /quit, Ctrl-C at the prompt or shutdown. */
export async function chatLoop(ctx: ChatLoopContext): Promise<void> {
  const { screen, interrupts } = ctx;
  const mayHaveRun: McpCallRef[] = [];
  const turnContext: TurnContext = { ...ctx, onUnknown: (call) => mayHaveRun.push(call) };
  for (;;) {
    if (interrupts.shutdown.aborted) return;
    const line = await interrupts.abortable((signal) => screen.ask(USER_PROMPT, signal));
    if (line === null) {
      screen.write('\n');
      return;
    }
    const text = line.trim();
    if (text === '') continue;
    if (text === QUIT_COMMAND) return;
    if (mayHaveRun.length > 0) {
      const answer = await interrupts.abortable((signal) => screen.ask(unknownGatePrompt(mayHaveRun), signal));
      screen.write('\n');
      if (!isYes(answer)) {
        screen.write('Message not sent.\n');
        continue;
      }
      mayHaveRun.length = 0;
    }
    if ((await runTurn(turnContext, text)) === 'shutdown') return;
  }
}
