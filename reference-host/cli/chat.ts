// `refhost` / `refhost chat [--resume ID | --continue]`: hands over to the chat loop.
// Imported lazily so the configuration commands never load the MCP client (DISCOVER-6).
import type { CliIo } from './cli-io.js';

export interface ChatCommandOptions {
  resume?: string;
  continue?: boolean;
}

export async function chat(options: ChatCommandOptions, io: CliIo): Promise<number> {
  const { runChat } = await import('../chat/run-chat.js');
  return runChat({ resume: options.resume, continue: options.continue, env: io.env, input: io.stdin, output: io.stdout });
}
