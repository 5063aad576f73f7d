// Which MCP protocol revisions a fake server offers, and which one a message used
// (issue 16; DISCOVER-1/2 on either revision). "2025-11-25" means the initialize-handshake
// revisions (2025-11-25 and the older ones hosts still send); "2026-07-28" the stateless
// revision (server/discover, the per-request `_meta` envelope); "both" a dual-era server.
import { z } from 'zod';

export const MODERN_REVISION = '2026-07-28';
export const LEGACY_REVISION = '2025-11-25';

export const ProtocolOfferSchema = z.enum([LEGACY_REVISION, MODERN_REVISION, 'both']);
export type ProtocolOffer = z.infer<typeof ProtocolOfferSchema>;

/**
 * What a fake server offers when nothing pins it: both revisions, and the host picks, as a
 * server deployed today would let it (issue 16). Every check records which revision its
 * evidence came from; `run --protocol` pins one.
 */
export const DEFAULT_PROTOCOL_OFFER: ProtocolOffer = 'both';

export const offersModern = (offer: ProtocolOffer | undefined): boolean => (offer ?? DEFAULT_PROTOCOL_OFFER) !== LEGACY_REVISION;
export const offersLegacy = (offer: ProtocolOffer | undefined): boolean => (offer ?? DEFAULT_PROTOCOL_OFFER) !== MODERN_REVISION;

/** The `_meta` key a 2026-07-28 request names its revision by. */
export const PROTOCOL_VERSION_META_KEY = 'io.modelcontextprotocol/protocolVersion';

/** The revision a request's `_meta` envelope claims, if it carries one. */
export function envelopeRevision(message: Record<string, unknown>): string | undefined {
  const meta = (message.params as { _meta?: Record<string, unknown> } | undefined)?._meta;
  const claimed = meta?.[PROTOCOL_VERSION_META_KEY];
  return typeof claimed === 'string' ? claimed : undefined;
}

/** Parses a `--protocol` value; the error is one line naming the allowed values. */
export function parseProtocolOffer(value: string): ProtocolOffer {
  const parsed = ProtocolOfferSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new Error(`unknown protocol revision "${value}": expected ${ProtocolOfferSchema.options.join(', ')}`);
}
