// CRED-3: credential values never reach the screen, session files or model requests.
// The MCP layer never puts them in its strings; this mask is the second line of defence
// for text a server or the model echoes back (a server that returns its own token).

export const MASK = '********';

/** Values shorter than this are not masked: masking "1" or "ab" would garble all text. */
const MIN_SECRET_LENGTH = 4;

/** The value and, for "Scheme token" header values, the token alone (all after the scheme: a token may hold spaces). */
function variants(secret: string): string[] {
  const token = /^\S+\s+(\S[\s\S]*)$/.exec(secret.trim())?.[1];
  return token === undefined ? [secret] : [secret, token];
}

export type Redact = (text: string) => string;

/** A value as it reads inside a JSON string (tool outputs are recorded as JSON text). */
const jsonEscaped = (value: string): string => JSON.stringify(value).slice(1, -1);

export function createRedactor(secrets: readonly string[]): Redact {
  const needles = [...new Set(secrets.flatMap(variants).flatMap((v) => [v, jsonEscaped(v)]))]
    .filter((s) => s.length >= MIN_SECRET_LENGTH)
    .sort((a, b) => b.length - a.length);
  if (needles.length === 0) return (text) => text;
  return (text) => needles.reduce((out, needle) => out.split(needle).join(MASK), text);
}
