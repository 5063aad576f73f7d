// CRED-3: no configured credential value leaves this layer in any string (status reasons,
// call outputs, error texts, tool definitions), whichever server's value it is, in every form
// it is held or echoed in: the value, the token of a "Scheme token" header value, and each as
// it reads inside JSON text (an input schema is masked as JSON text) and inside JSON text
// quoted once more (the confirmation screen quotes the formatted arguments as one string).
import { secretValues, type McpConfig } from '../config/schema.js';

export const REDACTED = '********';

export type Redactor = (text: string) => string;

// seam: variants
/** The value and, for "Scheme token" header values, the token alone (all after the scheme: a token may hold spaces). */
function variants(secret: string): string[] {
  const token = /^\S+\s+(\S[\s\S]*)$/.exec(secret.trim())?.[1];
  return token === undefined ? [secret] : [secret, token];
}

/** A value as it reads inside a JSON string (tool outputs are recorded as JSON text). */
const jsonEscaped = (value: string): string => JSON.stringify(value).slice(1, -1);

/**
 * Forms shorter than this are not masked: the token after a value's first space may be one
 * character ("abc e"), and masking every "e" garbles all text, status lines included.
 */
const MIN_FORM_LENGTH = 4;

// seam: secretForms
/** Every form of the values to mask, longest first, so a value that contains another is hidden whole. */
export function secretForms(values: readonly string[]): string[] {
  return [...new Set(values.flatMap(variants).flatMap((v) => [v, jsonEscaped(v), jsonEscaped(jsonEscaped(v))]))]
    .filter((v) => v.length >= MIN_FORM_LENGTH)
    .sort((a, b) => b.length - a.length);
}

export function makeRedactor(values: readonly string[]): Redactor {
  const secrets = secretForms(values);
  return (text) => secrets.reduce((out, secret) => out.split(secret).join(REDACTED), text);
}

export function configRedactor(config: McpConfig): Redactor {
  return makeRedactor(Object.values(config.mcpServers).flatMap((server) => secretValues(server)));
}
