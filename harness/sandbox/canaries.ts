// Credential canaries (CRED-2, CRED-3, STDIO-3): every credential the suite hands a host is
// a unique value, and a scan over every observation says where each one turned up, in which
// form (canary-forms.ts), and whether it was allowed there.
import { CanaryMatcher, randomPart, type CanaryForm, type CanaryHit } from './canary-forms.js';

/**
 * Where a canary was seen. "screen"; "model-request" (body), "model-headers", "model-url"
 * (path and query); "server:NAME" (a fake server's journal); "trap"; "file:DISPLAY_PATH";
 * "process:ROLE" (a process's environment) and "cmdline:ROLE" (its command line), ROLE
 * being "host" (the host and its helpers) or "server:NAME" (a stdio server and its children).
 */
export type Channel = string;

/**
 * Where server `name`'s credential may appear: its own server's journal (its home), process
 * and command line; the host's configuration files; the host's environment (an adapter may
 * hand credentials over there). A leftover process of that server holding it is STDIO-5's
 * business, not a leak.
 */
export function credentialChannels(name: string, configChannels: readonly Channel[]): Channel[] {
  return [`server:${name}`, `process:server:${name}`, `cmdline:server:${name}`, 'process:host', ...configChannels];
}

/** Where the model API key may appear: the provider's request headers (its home), and the host's environment or command line (how adapters hand it over). */
export const API_KEY_CHANNELS: readonly Channel[] = ['model-headers', 'process:host', 'cmdline:host'];

export interface Canary {
  /** Human label, e.g. `server "docs" header Authorization`, `host environment GITHUB_TOKEN`. */
  label: string;
  value: string;
  /** Channels where this value may legitimately appear. */
  allowed: Channel[];
  /** Where it is seen when it was used as meant (its own server, the host's process); null = nowhere. */
  home: Channel | null;
  /** Not a credential but a text that must be nowhere (a server's stderr): credential checks leave it out. */
  marker?: true;
}

export interface CanarySighting {
  canary: string;
  channel: Channel;
  /** Which observation: "model request #2", "host output #1 (stdout)", a file path ... */
  source: string;
  form: CanaryForm;
  /** The whole value, not only a window of its random part. */
  whole: boolean;
  excerpt: string;
  allowed: boolean;
}

/** A sighting before the channel's permission is decided (streams are scanned while the run goes on). */
export type RawSighting = Omit<CanarySighting, 'allowed'>;

/** A channel (or part of one) the scan could not read in full: checks covering it are "not reached". */
export interface ScanGap {
  channel: Channel;
  why: string;
}

/** A searchable piece of observation text. */
export interface ScanItem {
  channel: Channel;
  source: string;
  text: string;
}

export class CanaryRegistry {
  readonly #canaries: Canary[] = [];
  #matcher: { count: number; matcher: CanaryMatcher } | null = null;

  /** A fresh unique value `cnry-<label slug>-<random part>`; `home` defaults to the first allowed channel. */
  mint(label: string, allowed: Channel[], home: Channel | null = allowed[0] ?? null): Canary {
    const slug = label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 24);
    return this.#add({ label, value: `cnry-${slug}-${randomPart()}`, allowed: [...allowed], home });
  }

  /** Like mint, but the value is the random part alone (32 characters): a credential as short as real tokens, under a mask's length floor. */
  mintShort(label: string, allowed: Channel[]): Canary {
    return this.#add({ label, value: randomPart(), allowed: [...allowed], home: allowed[0] ?? null });
  }

  /** A value that begins with another credential's whole value (`prefix`), then a fresh random part: a mask that hides the shorter value first leaves the rest of this one showing. */
  mintExtending(label: string, allowed: Channel[], prefix: string): Canary {
    return this.#add({ label, value: `${prefix}${randomPart()}`, allowed: [...allowed], home: allowed[0] ?? null });
  }

  #add(canary: Canary): Canary {
    this.#canaries.push(canary);
    return canary;
  }

  /** A fresh value no channel may hold, outside the credentials (STDIO-4's stderr text). */
  mintMarker(label: string): Canary {
    const canary = this.mint(label, [], null);
    canary.marker = true;
    return canary;
  }

  /** Lets a canary appear in one more channel (e.g. the config file once its path is known). */
  allow(canary: Canary, channel: Channel): void {
    if (!canary.allowed.includes(channel)) canary.allowed.push(channel);
  }

  all(): Canary[] {
    return this.#canaries.map((c) => ({ ...c, allowed: [...c.allowed] }));
  }

  /** A matcher for the canaries minted so far (rebuilt when more were minted). */
  matcher(): CanaryMatcher {
    if (this.#matcher?.count !== this.#canaries.length)
      this.#matcher = { count: this.#canaries.length, matcher: new CanaryMatcher(this.#canaries.map((c) => c.value)) };
    return this.#matcher.matcher;
  }
}

const EXCERPT_RADIUS = 80;

/** The text around a hit, for the evidence. */
export const excerptAround = (text: string, hit: Pick<CanaryHit, 'index' | 'length'>): string =>
  text.slice(Math.max(0, hit.index - EXCERPT_RADIUS), hit.index + hit.length + EXCERPT_RADIUS);

/** The sightings of `canaries` (in the matcher's order) in one text. */
export function sightingsIn(matcher: CanaryMatcher, canaries: readonly Pick<Canary, 'label'>[], channel: Channel, source: string, text: string): RawSighting[] {
  return matcher.find(text).map((hit) => ({
    canary: canaries[hit.canary]?.label ?? `canary #${hit.canary}`,
    channel,
    source,
    form: hit.form,
    whole: hit.whole,
    excerpt: excerptAround(text, hit),
  }));
}

/** Decides for each sighting whether its channel allows that canary (now that every channel is known). */
export function judged(canaries: readonly Canary[], raw: readonly RawSighting[]): CanarySighting[] {
  return raw.map((s) => ({ ...s, allowed: canaries.find((c) => c.label === s.canary)?.allowed.includes(s.channel) ?? false }));
}

/** Every place each canary appears in the items, in each form, with whether that channel allows it. */
export function scanCanaries(canaries: readonly Canary[], items: readonly ScanItem[]): CanarySighting[] {
  const matcher = new CanaryMatcher(canaries.map((c) => c.value));
  return judged(
    canaries,
    items.flatMap((item) => sightingsIn(matcher, canaries, item.channel, item.source, item.text)),
  );
}

/** "whole value, base64" / "16+ characters of it, raw": how a sighting was found, for reports. */
export function describeForm(s: Pick<CanarySighting, 'form' | 'whole'>): string {
  return `${s.whole ? 'whole value' : 'part of it'}, ${s.form}`;
}
