// Entry point for scenarios: a scripted mock Responses API on loopback, with its journal
// (CRED-2: apiKey makes the provider refuse any other credential, and the journal shows
// which Authorization each request carried).
import { createModelHandlers, type MockModelOptions } from './handlers.js';
import type { ModelJournal } from './journal.js';
import { serveHandlers } from './node-bridge.js';

export interface MockModel {
  /** http://127.0.0.1:PORT/v1 */
  baseUrl: string;
  journal: ModelJournal;
  close(): Promise<void>;
}

export async function startMockModel(options: MockModelOptions): Promise<MockModel> {
  const { handlers, journal } = createModelHandlers(options);
  const server = await serveHandlers(handlers);
  return { baseUrl: `${server.origin}/v1`, journal, close: server.close };
}

export type { MockModelOptions } from './handlers.js';
export type { ModelJournal } from './journal.js';
export type { ModelRequestRecord, ParsedModelRequest, OfferedTool, FunctionCallOutputRecord } from './request.js';
export type { ModelStep, CallTarget, UnresolvedTarget } from './script.js';
export type { CatalogueEntry } from './tool-resolution.js';
export { SCRIPT_FINISHED, ModelStepDataSchema } from './script.js';
