// Test support for the API tests: mock models started by a test are closed after it.
import { afterEach } from 'vitest';
import { startMockModel, type MockModel, type MockModelOptions } from '../mock-model.js';

/** Registers the cleanup; the returned function starts a mock model for one test. */
export function mockModels(): (options: MockModelOptions) => Promise<MockModel> {
  const running: MockModel[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((m) => m.close()));
  });
  return async (options) => {
    const mock = await startMockModel(options);
    running.push(mock);
    return mock;
  };
}

/** A scripted call of docs/search, and the input schema the tests offer it with. */
export const SEARCH_CALL = { calls: [{ server: 'docs', tool: 'search', arguments: { q: 'mcp' } }] };
export const SEARCH_SCHEMA = { type: 'object' as const, properties: { q: { type: 'string' } }, required: ['q'] };
