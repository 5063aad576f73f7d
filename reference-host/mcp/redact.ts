// CRED-3: no configured credential value leaves this layer in any string (status reasons,
// call outputs, error texts), whichever server's value it is.
import { secretValues, type McpConfig } from '../config/schema.js';

export const REDACTED = '********';

export type Redactor = (text: string) => string;

export function makeRedactor(values: readonly string[]): Redactor {
  // Longest first, so a value that contains another is hidden whole.
  const secrets = [...new Set(values.filter((v) => v.length > 0))].sort((a, b) => b.length - a.length);
  return (text) => secrets.reduce((out, secret) => out.split(secret).join(REDACTED), text);
}

export function configRedactor(config: McpConfig): Redactor {
  return makeRedactor(Object.values(config.mcpServers).flatMap((server) => secretValues(server)));
}
