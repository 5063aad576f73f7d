// The fields a 2026-07-28 result carries on the wire (resultType, the server's identity in
// `_meta`, the cache hints of lists and discovery), written by the engine itself, so the SDK
// 2.4.0 encoder adds nothing and a 'sized' answer keeps its exact size (LIMIT-1, NET-3,
// RESULT-6/8) on this revision too.
type Result = Record<string, unknown>;

const CACHEABLE = new Set(['server/discover', 'tools/list', 'resources/list', 'resources/templates/list', 'prompts/list']);

export function withModernFields(method: string, result: Result, serverInfo: { name: string; version: string }, ttlMs: number | undefined): Result {
  return {
    ...result,
    resultType: 'complete',
    ...(CACHEABLE.has(method) && { ttlMs: ttlMs ?? 0, cacheScope: 'private' }),
    _meta: { ...(result._meta as Result | undefined), 'io.modelcontextprotocol/serverInfo': serverInfo },
  };
}
