// CRED-3: credential values never reach the screen, session files or model requests.
// The MCP layer never puts them in its strings; this mask is the second line of defence
// for text a server or the model echoes back (a server that returns its own token), in the
// same forms the MCP layer masks (mcp/redact.ts).
import { secretForms } from '../mcp/redact.js';

export const MASK = '********';

// seam: MIN_SECRET_LENGTH
/** Values shorter than this are not masked: masking "1" or "ab" would garble all text. */
const MIN_SECRET_LENGTH = 4;

export type Redact = (text: string) => string;

// seam: createRedactor
export function createRedactor(secrets: readonly string[]): Redact {
  const needles = secretForms(secrets).filter((s) => s.length >= MIN_SECRET_LENGTH);
  if (needles.length === 0) return (text) => text;
  return (text) => needles.reduce((out, needle) => out.split(needle).join(MASK), text);
}
