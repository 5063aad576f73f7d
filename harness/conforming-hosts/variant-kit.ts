// The building blocks of the conforming variants: hosts that uphold every guarantee in a
// different way from refhost (EXPOSE-1..5 naming and labels, APPROVE-3/5 screens and answers,
// RESULT-* formats, UNKNOWN-2 and LIMIT-2 wording, optional abilities). Each variant is
// refhost's chat loop and commands with its own Dialect, run through its own profile.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { ChatDeps } from '../../reference-host/chat/run-chat.js';
import type { Dialect } from '../../reference-host/chat/dialect.js';
import type { CliIo } from '../../reference-host/cli/cli-io.js';
import type { CallStatus } from '../../reference-host/mcp/types.js';
import type { ToolRef } from '../../reference-host/mcp/naming.js';
import { neutralise } from '../../reference-host/ui/neutralise.js';
import { resultPreview } from '../../reference-host/ui/screen-text.js';

export interface Variant {
  /** What differs from refhost, for the self-test's output. */
  differs: string;
  dialect: Dialect;
  /** Seams besides the dialect (optional groups the variant lacks). */
  deps?: () => ChatDeps;
  /** The chat argument that resumes the latest session; null when the variant keeps none. */
  resumeFlag: string | null;
  /** The variant's own server commands (argv after the variant's name); absent = refhost's `mcp ...`. */
  commands?: (argv: readonly string[], io: CliIo) => Promise<number>;
  /** A folder under $HOME holding all of the variant's files together (configuration, pins, sessions, telemetry); absent = refhost's XDG folders. */
  filesUnder?: string;
}

/** The environment the variant's chat and commands see: its file folder in place of the XDG ones. */
export function variantEnv(variant: Variant, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (variant.filesUnder === undefined || env.HOME === undefined) return env;
  const folder = join(env.HOME, variant.filesUnder);
  return { ...env, XDG_CONFIG_HOME: folder, XDG_DATA_HOME: folder };
}

/** Offered names are at most this long (EXPOSE-2). */
export const MAX_NAME = 64;

/** A deterministic digest of (server, tool): the source of every variant's hash suffix. */
export function digestOf(ref: ToolRef): Buffer {
  return createHash('sha256').update(`${ref.server}\0${ref.tool}`).digest();
}

/** RFC 4648 base32, lower case, without padding. */
export function base32(bytes: Buffer): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return bits > 0 ? out + (alphabet[(value << (5 - bits)) & 31] ?? '') : out;
}

/** Every character a Responses API name may not hold, replaced. */
export const safeName = (text: string, replacement: string): string => text.replace(/[^a-zA-Z0-9_-]/g, replacement);

/** A JSON string of a server-provided value, safe for one screen line (INJECT-2). */
export const quoted = (value: string): string => neutralise(JSON.stringify(value));

/** The calls an unknown-outcome confirmation names, as server/tool, neutralised. */
export const namedCalls = (calls: readonly { server: string; tool: string }[]): string =>
  calls.map((c) => `${neutralise(c.server)}/${neutralise(c.tool)}`).join(', ');

/** A result preview as indented lines (no line a server wrote can start a screen line), with a marker when cut. */
export function indentedPreview(output: string, indent: string, moreMarker: string): string {
  const { preview, more } = resultPreview(output);
  const lines = preview.length > 0 ? preview.split('\n').map((line) => `${indent}${line}\n`) : [];
  return `${lines.join('')}${more ? `${indent}${moreMarker}\n` : ''}`;
}

/** Plain-text results: a status line, then the output; read back by the same line. */
export function plainTextResults(head: (status: CallStatus) => string, pattern: RegExp): Dialect['results'] {
  return {
    write: (status, output) => `${head(status)}\n${output}`,
    read(text) {
      const newline = text.indexOf('\n');
      const status = pattern.exec(newline < 0 ? text : text.slice(0, newline))?.[1];
      return status === undefined ? null : { status, output: newline < 0 ? '' : text.slice(newline + 1) };
    },
  };
}

/** JSON results with the variant's own keys. */
export function jsonResults(statusKey: string, outputKey: string): Dialect['results'] {
  return {
    write: (status, output) => JSON.stringify({ [statusKey]: status, [outputKey]: output }),
    read(text) {
      try {
        const parsed = JSON.parse(text) as Record<string, unknown>;
        const status = parsed[statusKey];
        const output = parsed[outputKey];
        return typeof status === 'string' ? { status, output: typeof output === 'string' ? output : '' } : null;
      } catch {
        return null;
      }
    },
  };
}

/** Answers that approve: exactly one of `words`, any case, blanks around ignored; anything else (and end of input) denies. */
export const onlyWords =
  (...words: string[]) =>
  (answer: string | null): boolean =>
    answer !== null && words.includes(answer.trim().toLowerCase());
