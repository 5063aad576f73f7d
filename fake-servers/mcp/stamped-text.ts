// Sized text that shows where it was cut (RESULT-8 head or tail, LIMIT-1 schema and
// definition bounds, NET-3 / RESULT-6 message bounds): every 64-byte block starts with its
// own byte offset, "[00000064]", so whatever part a host keeps names its position. Fills of
// 2-, 3- and 4-byte UTF-8 characters make bytes, characters and UTF-16 units differ, so a
// host that counts in another unit than the catalogue's (UTF-8 bytes) is seen. Sizes are
// exact in UTF-8 bytes; no character needs escaping in JSON, so a pad adds to a JSON text
// exactly its own byte length.

export const FILLS = ['ascii', 'utf8-2', 'utf8-3', 'utf8-4', 'utf8-mixed'] as const;
export type Fill = (typeof FILLS)[number];

/** Largest size the stamps can address (8 decimal digits). */
export const MAX_STAMPED_BYTES = 64 * 1024 * 1024;

export const STAMP_BLOCK_BYTES = 64;
const STAMP_BYTES = 10;

const UNITS: Record<Fill, readonly string[]> = {
  ascii: [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ01'],
  'utf8-2': ['é'],
  'utf8-3': ['€'],
  'utf8-4': ['😀'],
  'utf8-mixed': ['é', '€', '😀'],
};

/** The stamp that opens the block at `offset`: "[" + 8 digits + "]". */
export function stampAt(offset: number): string {
  return `[${String(offset).padStart(8, '0')}]`;
}

/** `bytes` bytes of fill: whole characters in turn while they fit, then "." up to the size. */
function fillBytes(bytes: number, fill: Fill): string {
  const units = UNITS[fill];
  let text = '';
  let used = 0;
  for (let i = 0; ; i++) {
    const unit = units[i % units.length] ?? '.';
    const size = Buffer.byteLength(unit, 'utf8');
    if (used + size > bytes) break;
    text += unit;
    used += size;
  }
  return text + '.'.repeat(bytes - used);
}

const fullBodies = new Map<Fill, string>();

function block(offset: number, size: number, fill: Fill): string {
  const stamp = stampAt(offset);
  if (size <= STAMP_BYTES) return stamp.slice(0, size);
  if (size === STAMP_BLOCK_BYTES) {
    let body = fullBodies.get(fill);
    if (body === undefined) fullBodies.set(fill, (body = fillBytes(STAMP_BLOCK_BYTES - STAMP_BYTES, fill)));
    return stamp + body;
  }
  return stamp + fillBytes(size - STAMP_BYTES, fill);
}

/** Exactly `bytes` UTF-8 bytes of position-stamped text (the last block may be cut short). */
export function stampedText(bytes: number, fill: Fill = 'ascii'): string {
  if (!Number.isInteger(bytes) || bytes < 0 || bytes > MAX_STAMPED_BYTES)
    throw new RangeError(`stamped text of ${bytes} bytes: must be an integer from 0 to ${MAX_STAMPED_BYTES}`);
  const blocks: string[] = [];
  for (let offset = 0; offset < bytes; offset += STAMP_BLOCK_BYTES) blocks.push(block(offset, Math.min(STAMP_BLOCK_BYTES, bytes - offset), fill));
  return blocks.join('');
}

/** The offsets named by the whole stamps in `text`, in the order they appear. */
export function stampsIn(text: string): number[] {
  return [...text.matchAll(/\[(\d{8})\]/g)].map((m) => Number(m[1]));
}

/** How `text` deviates from the first `blocks` blocks of a stamped text, each once and in order; null when it is exactly that. */
export function stampedPrefixFault(text: string, blocks: number): string | null {
  const seen = stampsIn(text);
  const at = seen.findIndex((offset, i) => offset !== i * STAMP_BLOCK_BYTES);
  if (at >= 0) return `block ${stampAt(seen[at] ?? 0)} where ${stampAt(at * STAMP_BLOCK_BYTES)} belongs (${at} block(s) in order before it)`;
  return seen.length === blocks ? null : `${seen.length} block(s) where ${blocks} belong`;
}

export class SizeError extends Error {
  override name = 'SizeError';
}

/**
 * The stamped pad that makes `measure(pad)` exactly `bytes`, where `measure` is the UTF-8
 * size of some text holding the pad once (a JSON message, a schema). Throws a SizeError
 * when the text is already larger than `bytes` with an empty pad.
 */
export function padFor(bytes: number, fill: Fill, measure: (pad: string) => number): string {
  const base = measure('');
  if (base > bytes) throw new SizeError(`${bytes} bytes is less than the ${base} bytes it takes without padding`);
  const pad = stampedText(bytes - base, fill);
  const got = measure(pad);
  if (got !== bytes) throw new SizeError(`padding came to ${got} bytes instead of ${bytes}`);
  return pad;
}

export const utf8Bytes = (text: string): number => Buffer.byteLength(text, 'utf8');
export const jsonBytes = (value: unknown): number => utf8Bytes(JSON.stringify(value));
