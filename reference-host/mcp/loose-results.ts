// RESULT-1..9 on 2026-07-28: the 2.x client checks a modern result against the revision's
// wire schema before we see it, so a tool result with, say, an unknown content block type
// would become an exception instead of a result the server sent (and that our own mapping
// names). This keeps results as loose as on 2025-11-25: a complete result (or one with no
// resultType at all) is passed on unchecked; input_required and unknown result types still
// go to the library's own handling (the multi-round-trip driver, a typed error).
import type { Client } from '@modelcontextprotocol/client';

type Decoded = { kind: string; [key: string]: unknown };
interface WireCodec {
  era: string;
  decodeResult(method: string, raw: unknown): Decoded;
}
/** The 2.4.0 client's (private) hook that picks the codec every outgoing request is decoded with. */
interface CodecResolver {
  _resolveOutboundCodec(method: string): WireCodec;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Decodes complete results without the wire schema; everything else as the codec does. */
export function looseDecode(codec: WireCodec, method: string, raw: unknown): Decoded {
  if (!isPlainObject(raw) || (raw.resultType !== undefined && raw.resultType !== 'complete')) return codec.decodeResult(method, raw);
  const { resultType: _discriminator, ...result } = raw;
  return { kind: 'complete', result };
}

/** Makes `client` decode every result with looseDecode; pinned to @modelcontextprotocol/client 2.4.0. */
export function keepResultsLoose(client: Client): void {
  const target = client as unknown as CodecResolver;
  const resolve = target._resolveOutboundCodec.bind(client);
  target._resolveOutboundCodec = (method) => {
    const codec = resolve(method);
    return Object.create(codec, { decodeResult: { value: (m: string, raw: unknown) => looseDecode(codec, m, raw) } }) as WireCodec;
  };
}
