// CRED-2, CRED-3, STDIO-3: the shapes a leaked canary takes and a fast search for all of
// them at once. A sighting is the whole value or any 16-character window of its random part,
// raw or encoded (JSON-escaped up to four times, percent, form, hex, base64 at every byte
// alignment).
import { randomInt } from 'node:crypto';

/** Length of a canary's random part, the last characters of its value. */
export const RANDOM_LENGTH = 32;
/** Shortest run of the random part that counts as a leak (a 4-character hint does not). */
export const WINDOW = 16;

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/**
 * Each changes under some encoding, so a value that went through one is only found in that
 * form: `"` `\` (JSON, percent), `+` `/` `=` (percent, form; base64's own alphabet), space
 * (percent %20, form +), `~` (form only). All are printable ASCII: valid in an HTTP header
 * value (never first or last, where a header would trim them), an environment value and a
 * shell-free argv word, and unchanged by TOML or JSON strings once decoded. Left out: `$` `{`
 * `}` (template expansion in host configurations), `,` `;` (header lists), `%` (double
 * decoding), control characters.
 */
export const SPECIALS = ['"', '\\', '+', '/', '=', ' ', '~'] as const;
/** Positions of the random part that hold a special: isolated, never at either end. */
const SPECIAL_SLOTS = [2, 6, 10, 14, 18, 22, 26, 30];

/** A fresh random part: alphanumerics, and every special once (plus one more) at SPECIAL_SLOTS. */
export function randomPart(): string {
  const pool: string[] = [...SPECIALS];
  pool.push(pool[randomInt(pool.length)] ?? '+');
  const specials: string[] = [];
  while (pool.length > 0) specials.push(...pool.splice(randomInt(pool.length), 1));
  let out = '';
  for (let i = 0; i < RANDOM_LENGTH; i++) {
    const slot = SPECIAL_SLOTS.indexOf(i);
    out += slot >= 0 ? specials[slot] : ALNUM[randomInt(ALNUM.length)];
  }
  return out;
}

/**
 * `json2`..`json4`: a JSON string inside a JSON string (and deeper): a configuration file
 * read by a tool (1), in the tool's JSON output (2), in the model request's body (3).
 */
export const FORMS = ['raw', 'json', 'json2', 'json3', 'json4', 'percent', 'form', 'hex', 'HEX', 'base64', 'base64url'] as const;
export type CanaryForm = (typeof FORMS)[number];

const jsonEscape = (s: string): string => JSON.stringify(s).slice(1, -1);

/** Forms where each character is encoded on its own: the encoding of a window is a window of the encoding. */
const PER_CHARACTER: Record<Exclude<CanaryForm, 'base64' | 'base64url'>, (s: string) => string> = {
  raw: (s) => s,
  json: jsonEscape,
  json2: (s) => jsonEscape(jsonEscape(s)),
  json3: (s) => jsonEscape(jsonEscape(jsonEscape(s))),
  json4: (s) => jsonEscape(jsonEscape(jsonEscape(jsonEscape(s)))),
  percent: encodeURIComponent,
  form: (s) => new URLSearchParams([['', s]]).toString().slice(1),
  hex: (s) => Buffer.from(s, 'utf8').toString('hex'),
  HEX: (s) => Buffer.from(s, 'utf8').toString('hex').toUpperCase(),
};

/**
 * The base64 characters that depend on `s` alone, for each of the three byte alignments it
 * can have inside a longer encoded text (`Basic base64("user:" + value)` is alignment 2).
 */
export function base64Interiors(s: string, alphabet: 'base64' | 'base64url'): string[] {
  const bytes = Buffer.from(s, 'utf8');
  return [0, 1, 2].map((pad) => {
    const encoded = Buffer.concat([Buffer.alloc(pad), bytes]).toString(alphabet);
    return encoded.slice(4 * Math.ceil(pad / 3), 4 * Math.floor((pad + bytes.length) / 3));
  });
}

/** Every encoding of `s` in `form` that a search must look for. */
export function encodings(s: string, form: CanaryForm): string[] {
  return form === 'base64' || form === 'base64url' ? base64Interiors(s, form) : [PER_CHARACTER[form](s)];
}

/** The random part's windows of WINDOW characters (none when the value is too short to have one). */
function windowsOf(value: string): string[] {
  const secret = value.slice(-RANDOM_LENGTH);
  const windows: string[] = [];
  for (let i = 0; i + WINDOW <= secret.length; i++) windows.push(secret.slice(i, i + WINDOW));
  return windows;
}

/**
 * Probe blocks: every window contains one whole (8 characters every 8, and the last 8), so
 * the first pass looks for few short strings and the second checks the full needles near them.
 */
function blocksOf(value: string): string[] {
  const secret = value.slice(-RANDOM_LENGTH);
  if (secret.length < WINDOW) return [value.slice(0, PROBE)];
  const starts = new Set<number>();
  for (let i = 0; i + PROBE <= secret.length; i += PROBE) starts.add(i);
  starts.add(secret.length - PROBE);
  return [...starts].map((i) => secret.slice(i, i + PROBE));
}

const PROBE = 8;
const HASH_BASE = 0x01000193;
const FILTER_BITS = 16;

export interface CanaryHit {
  /** Index of the value in the matcher's list. */
  canary: number;
  form: CanaryForm;
  /** The whole value was found (not only a window of its random part). */
  whole: boolean;
  index: number;
  length: number;
}

interface Target {
  canary: number;
  form: CanaryForm;
  whole: string[];
  windows: string[];
}

/** Finds every canary value in every form in a text, in one pass plus checks near the candidates. */
export class CanaryMatcher {
  readonly #targets: Target[] = [];
  /** Rolling hash of a probe's first PROBE characters -> the targets it may belong to. */
  readonly #probes = new Map<number, Target[]>();
  readonly #filter = new Uint8Array(1 << FILTER_BITS);
  readonly #power: number;
  /** Longest needle: the context a hit needs on either side, and the overlap a stream keeps. */
  readonly reach: number;

  constructor(values: readonly string[]) {
    let reach = PROBE;
    values.forEach((value, canary) => {
      // A needle an earlier form already has (a window without characters JSON changes reads
      // the same raw) belongs to that form alone, so one spot of text is one form.
      const taken = new Set<string>();
      const fresh = (needles: string[]): string[] => needles.filter((n) => !taken.has(n));
      for (const form of FORMS) {
        const target: Target = { canary, form, whole: fresh(encodings(value, form)), windows: fresh(windowsOf(value).flatMap((w) => encodings(w, form))) };
        for (const needle of [...target.whole, ...target.windows]) taken.add(needle);
        this.#targets.push(target);
        for (const needle of [...target.whole, ...target.windows]) reach = Math.max(reach, needle.length);
        for (const probe of blocksOf(value).flatMap((b) => encodings(b, form))) {
          if (probe.length < PROBE) continue;
          const hash = hashOf(probe, 0);
          this.#filter[hash & ((1 << FILTER_BITS) - 1)] = 1;
          const list = this.#probes.get(hash) ?? [];
          if (!list.includes(target)) list.push(target);
          this.#probes.set(hash, list);
        }
      }
    });
    this.reach = reach;
    let power = 1;
    for (let i = 1; i < PROBE; i++) power = Math.imul(power, HASH_BASE);
    this.#power = power;
  }

  /** One hit per canary and form (the whole value preferred over a window), in order of discovery, outermost only. */
  find(text: string): CanaryHit[] {
    return outermost(this.#scan(text));
  }

  #scan(text: string): CanaryHit[] {
    const hits = new Map<Target, CanaryHit>();
    if (this.#targets.length === 0 || text.length < PROBE) return [];
    let hash = hashOf(text, 0);
    for (let i = 0; ; i++) {
      if (this.#filter[hash & ((1 << FILTER_BITS) - 1)] === 1) {
        for (const target of this.#probes.get(hash) ?? []) {
          const found = hits.get(target);
          if (found?.whole === true) continue;
          const hit = this.#verify(target, text, i, found === undefined);
          if (hit !== null) hits.set(target, hit);
        }
      }
      if (i + PROBE >= text.length) break;
      hash = (Math.imul(hash - Math.imul(text.charCodeAt(i), this.#power), HASH_BASE) + text.charCodeAt(i + PROBE)) | 0;
    }
    return [...hits.values()];
  }

  #verify(target: Target, text: string, at: number, windowsToo: boolean): CanaryHit | null {
    const from = Math.max(0, at - this.reach);
    const region = text.slice(from, at + PROBE + this.reach);
    const look = (needles: string[], whole: boolean): CanaryHit | null => {
      for (const needle of needles) {
        const index = region.indexOf(needle);
        if (index >= 0) return { canary: target.canary, form: target.form, whole, index: from + index, length: needle.length };
      }
      return null;
    };
    return look(target.whole, true) ?? (windowsToo ? look(target.windows, false) : null);
  }
}

/**
 * The hits not inside a longer hit of the same canary (a raw window within a JSON-escaped
 * value is that value's sighting, not one more).
 */
export function outermost<T extends Pick<CanaryHit, 'canary' | 'index' | 'length'>>(hits: readonly T[]): T[] {
  const inside = (h: T, g: T): boolean =>
    g !== h && g.canary === h.canary && g.index <= h.index && h.index + h.length <= g.index + g.length && g.length > h.length;
  return hits.filter((h) => !hits.some((g) => inside(h, g)));
}

function hashOf(text: string, from: number): number {
  let hash = 0;
  for (let i = from; i < from + PROBE; i++) hash = (Math.imul(hash, HASH_BASE) + text.charCodeAt(i)) | 0;
  return hash;
}
