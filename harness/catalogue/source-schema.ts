// Where a guarantee comes from (issue 16, part 4): the seed passage it restates, and the MCP
// specification's own sentences where the specification asks the same of a client or host.
// Reports carry these records, so they are zod schemas (the report is a boundary).
import { z } from 'zod';

/** The two seed documents the catalogue was distilled from (/work/shared/seeds, Chinese). */
export const SEED_DOCS = {
  '000': '000_6ec94f63f05727c9.txt',
  '002': '002_f417f778be1084dc.txt',
} as const;

export const SeedSourceSchema = z.object({
  /** The seed file's name. */
  doc: z.enum([SEED_DOCS['000'], SEED_DOCS['002']]),
  /** The section heading as the seed writes it, and the lines the quote is taken from. */
  where: z.object({ section: z.string().min(1), lines: z.tuple([z.number().int().positive(), z.number().int().positive()]) }),
  /** The passage in the original, verbatim (parts of one passage joined by " … "). */
  quote: z.string().min(1),
  /** A short English gloss of the quote. */
  gloss: z.string().min(1),
});
export type SeedSource = z.infer<typeof SeedSourceSchema>;

export const SpecRevisionSchema = z.enum(['2025-11-25', '2026-07-28']);
export type SpecRevision = z.infer<typeof SpecRevisionSchema>;

/**
 * The requirement word of the quoted sentence. "principle" is a Key Principle of the
 * specification's "Security and Trust & Safety" section, written with a lower-case "must":
 * BCP 14 keywords count only in capitals, and the specification says it cannot enforce
 * these principles at the protocol level (implementors SHOULD build them in).
 */
export const SpecKeywordSchema = z.enum(['MUST', 'MUST NOT', 'SHOULD', 'SHOULD NOT', 'principle']);
export type SpecKeyword = z.infer<typeof SpecKeywordSchema>;

export const SpecSourceSchema = z.object({
  revision: SpecRevisionSchema,
  /** Page and headings down to the quoted sentence, e.g. "Tools › Security Considerations". */
  section: z.string().min(1),
  /** The page's file in github.com/modelcontextprotocol/modelcontextprotocol. */
  path: z.string().regex(/^docs\/.+\.mdx$/),
  /** The published page and anchor on modelcontextprotocol.io. */
  url: z.string().regex(/^https:\/\/modelcontextprotocol\.io\//),
  /** The sentence as the page renders it (markup dropped, line breaks joined; list items joined by " … "). */
  quote: z.string().min(1),
  keyword: SpecKeywordSchema,
  /** Whom the sentence asks: a client, a host (the application around clients), or a server. */
  party: z.enum(['client', 'host', 'server']),
  /** What the guarantee asks beyond this sentence (a narrower scope, numbers, more fields); absent when it asks the same. */
  beyond: z.string().min(1).optional(),
});
export type SpecSource = z.infer<typeof SpecSourceSchema>;

export const GuaranteeSourcesSchema = z.object({
  seed: SeedSourceSchema,
  /** Empty: the specification does not ask this; the guarantee is this catalogue's stricter contract. */
  spec: z.array(SpecSourceSchema),
});
export type GuaranteeSources = z.infer<typeof GuaranteeSourcesSchema>;

/**
 * How far a run or report is narrowed by where its guarantees come from: `catalogue`, every
 * guarantee (the default); `spec`, only guarantees some sentence of the MCP specification asks
 * (MUST, SHOULD or a Key Principle); `spec-must`, only those a MUST or MUST NOT sentence asks.
 * A check is kept when any guarantee it observes is kept.
 */
export const REQUIRED_BY = ['catalogue', 'spec', 'spec-must'] as const;
export const RequiredBySchema = z.enum(REQUIRED_BY);
export type RequiredBy = z.infer<typeof RequiredBySchema>;
