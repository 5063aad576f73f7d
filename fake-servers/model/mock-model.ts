// Entry point for scenarios: a scripted mock model on loopback speaking the Responses API, Chat
// Completions, Anthropic Messages and Gemini, with its journal (CRED-2: apiKey makes the
// provider refuse any other credential, and the journal shows which credential each carried).
import { createModelHandlers, type MockModelOptions } from './handlers.js';
import type { ModelJournal } from './journal.js';
import { serveHandlers } from './node-bridge.js';

export interface MockModel {
  /** http://127.0.0.1:PORT/v1: the base URL of the OpenAI APIs. */
  baseUrl: string;
  /** http://127.0.0.1:PORT: the base URL of the Anthropic and Gemini clients. */
  origin: string;
  journal: ModelJournal;
  close(): Promise<void>;
}

export async function startMockModel(options: MockModelOptions): Promise<MockModel> {
  const { handlers, journal } = createModelHandlers(options);
  const server = await serveHandlers(handlers);
  return { baseUrl: `${server.origin}/v1`, origin: server.origin, journal, close: server.close };
}

export type { MockModelOptions } from './handlers.js';
export type { ModelJournal, SideCallRecord } from './journal.js';
export type { ModelRequestRecord, ParsedModelRequest, OfferedTool, FunctionCallOutputRecord, ModelApi, ModelCredential } from './request.js';
export { SideCallRuleSchema, type SideCallRule } from './side-calls.js';
export type { ModelStep, CallTarget, UnresolvedTarget } from './script.js';
export type { CatalogueEntry } from './tool-resolution.js';
export { SCRIPT_FINISHED, ModelStepDataSchema } from './script.js';
