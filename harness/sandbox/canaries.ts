// Credential canaries (CRED-2, CRED-3, STDIO-3): every credential the suite hands a host is
// a unique value, and a scan over every observation says where each one turned up and
// whether it was allowed there.

import { randomBytes } from 'node:crypto';

/**
 * Where a canary was seen. "screen"; "model-request" (body) and "model-headers";
 * "server:NAME" (a fake server's journal); "trap"; "file:DISPLAY_PATH";
 * "process:host" / "process:server:NAME" / "process:other" (environment or command line).
 */
export type Channel = string;

export interface Canary {
  /** Human label, e.g. `server "docs" header Authorization`. */
  label: string;
  value: string;
  /** Channels where this value may legitimately appear. */
  allowed: Channel[];
}

export interface CanarySighting {
  canary: string;
  channel: Channel;
  /** Which observation: "model request #2", "screen", a file path ... */
  source: string;
  excerpt: string;
  allowed: boolean;
}

/** A searchable piece of observation text. */
export interface ScanItem {
  channel: Channel;
  source: string;
  text: string;
}

export class CanaryRegistry {
  readonly #canaries: Canary[] = [];

  /** A fresh unique value (letters, digits, '-': survives JSON, URLs and shells unchanged). */
  mint(label: string, allowed: Channel[]): Canary {
    const slug = label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 24);
    const canary = { label, value: `cnry-${slug}-${randomBytes(8).toString('hex')}`, allowed: [...allowed] };
    this.#canaries.push(canary);
    return canary;
  }

  /** Lets a canary appear in one more channel (e.g. the config file once its path is known). */
  allow(canary: Canary, channel: Channel): void {
    if (!canary.allowed.includes(channel)) canary.allowed.push(channel);
  }

  all(): Canary[] {
    return this.#canaries.map((c) => ({ ...c, allowed: [...c.allowed] }));
  }
}

const EXCERPT_RADIUS = 80;

/** Every place each canary appears in the items, with whether that channel allows it. */
export function scanCanaries(canaries: readonly Canary[], items: readonly ScanItem[]): CanarySighting[] {
  const sightings: CanarySighting[] = [];
  for (const item of items) {
    for (const canary of canaries) {
      const at = item.text.indexOf(canary.value);
      if (at < 0) continue;
      const excerpt = item.text.slice(Math.max(0, at - EXCERPT_RADIUS), at + canary.value.length + EXCERPT_RADIUS);
      sightings.push({ canary: canary.label, channel: item.channel, source: item.source, excerpt, allowed: canary.allowed.includes(item.channel) });
    }
  }
  return sightings;
}
