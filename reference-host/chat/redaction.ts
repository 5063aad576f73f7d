// CRED-3: credential values never reach the screen, session files or model requests.
// The MCP layer never puts them in its strings; this mask is the second line of defence
// for text a server or the model echoes back (a server that returns its own token).

export const MASK = '********';

/** Values shorter than this are not masked: masking "1" or "ab" would garble all text. */
const MIN_SECRET_LENGTH = 4;

/** The value and, for "Scheme token" header values, the token alone. */
function variants(secret: string): string[] {
  const parts = secret.trim().split(/\s+/);
  const last = parts[parts.length - 1] ?? '';
  return parts.length > 1 ? [secret, last] : [secret];
}

export type Redact = (text: string) => string;

export function createRedactor(secrets: readonly string[]): Redact {
  const needles = [...new Set(secrets.flatMap(variants))]
    .filter((s) => s.length >= MIN_SECRET_LENGTH)
    .sort((a, b) => b.length - a.length);
  if (needles.length === 0) return (text) => text;
  return (text) => needles.reduce((out, needle) => out.split(needle).join(MASK), text);
}
