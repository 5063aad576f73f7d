// The one journal shape every API is recorded in (EXPOSE-*, RESULT-*): offered functions as
// OfferedTool, tool results as function_call_output items and FunctionCallOutputRecords with
// the API's own error flag, system text as the instructions, the rest as Responses-style items,
// so checks that read or stringify `input` work whatever the host speaks.
import { parseOutput, type FunctionCallOutputRecord, type OfferedTool, type RequestSummary } from '../request.js';

/** A callable function as the journal records it. */
export function offeredFunction(name: string, description: string | null | undefined, parameters: unknown, strict?: boolean | null): OfferedTool {
  return { type: 'function', name, description: description ?? null, parameters, strict: strict ?? null };
}

/** Another kind of tool (a provider's built-in): kept with its type, never taken for a function. */
export const otherTool = (type: string, name = ''): OfferedTool => ({ type, name, description: null, parameters: undefined, strict: null });

/** Collects one request's conversation in order. */
export class Conversation {
  readonly #input: unknown[] = [];
  readonly #outputs: FunctionCallOutputRecord[] = [];
  readonly #system: string[] = [];

  system(text: string): void {
    if (text !== '') this.#system.push(text);
  }

  message(role: string, content: unknown): void {
    this.#input.push({ role, content });
  }

  call(callId: string, name: string, args: string): void {
    this.#input.push({ type: 'function_call', call_id: callId, name, arguments: args });
  }

  /** A tool result: `output` as sent; `isError` only where the API has such a flag. */
  output(callId: string, output: unknown, isError?: boolean): void {
    this.#input.push({ type: 'function_call_output', call_id: callId, output });
    const parsed = parseOutput(output);
    this.#outputs.push({ call_id: callId, output, ...(isError === undefined ? {} : { isError }), ...(parsed ? { parsed } : {}) });
  }

  summary(model: string | null, stream: boolean, tools: OfferedTool[]): RequestSummary {
    return {
      model,
      stream,
      instructions: this.#system.length === 0 ? null : this.#system.join('\n\n'),
      input: [...this.#input],
      tools,
      functionCallOutputs: [...this.#outputs],
    };
  }
}
