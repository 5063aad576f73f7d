// The `You> ` loop: commands, the UNKNOWN-2 gate and one turn per message. After an MCP
// call ended unknown, the next message waits for the user's confirmation that the call may
// have run; declining keeps the message unsent and the host running, the gate armed.
// `/prompts` and `/prompt` use server prompts only on the user's request (PROMPT-1).
import type { McpCallRef } from './conversation.js';
import { fetchPromptItems, isPromptCommand, promptListing, PROMPTS_COMMAND } from './prompt-command.js';
import type { TurnContext } from './turn-context.js';
import { runTurn } from './turn-loop.js';

export type ChatLoopContext = Omit<TurnContext, 'onUnknown'>;

// seam: chatLoop
/** Runs until end of input, /quit, Ctrl-C at the prompt or shutdown. */
export async function chatLoop(ctx: ChatLoopContext): Promise<void> {
  const { screen, interrupts, dialect } = ctx;
  const mayHaveRun: McpCallRef[] = [];
  const turnContext: TurnContext = { ...ctx, onUnknown: (call) => mayHaveRun.push(call) };
  for (;;) {
    if (interrupts.shutdown.aborted) return;
    const line = await interrupts.abortable((signal) => screen.ask(dialect.screen.prompt, signal));
    if (line === null) {
      screen.write('\n');
      return;
    }
    const text = line.trim();
    if (text === '') continue;
    if (text === dialect.quitCommand) return;
    if (text === PROMPTS_COMMAND) {
      screen.write(promptListing(ctx.connections));
      continue;
    }
    if (mayHaveRun.length > 0) {
      const answer = await interrupts.abortable((signal) => screen.ask(dialect.screen.unknownGatePrompt(mayHaveRun), signal));
      screen.write('\n');
      if (!dialect.confirmsUnknown(answer)) {
        screen.write(dialect.screen.messageNotSent);
        continue;
      }
      mayHaveRun.length = 0;
    }
    const items = isPromptCommand(text) ? await fetchPromptItems(ctx, text) : [text];
    const last = items?.at(-1);
    if (items === null || last === undefined) continue;
    // A prompt's earlier messages go in first; the turn starts with its last one.
    for (const item of items.slice(0, -1)) ctx.conversation.add({ type: 'message', role: 'user', content: item });
    if ((await runTurn(turnContext, last)) === 'shutdown') return;
  }
}
