// POLICY-4: reading policy.json, failing closed. A missing file is no policy; anything
// else that is not a valid policy (bad JSON, an unknown setting, a wrong type, or a server
// that mcp.json does not configure: a typo would leave the real server uncaged) is an
// error naming the file, the server and the setting. Messages never quote values.
import { readOptionalJson } from '../config/private-file.js';
import type * as z from 'zod';
import { PolicySchema, SERVER_POLICY_FIELDS, type Policy } from './policy-schema.js';

export class PolicyFileError extends Error {
  override name = 'PolicyFileError';
  constructor(readonly file: string, problem: string) {
    super(`policy file ${file}: ${problem}`);
  }
}

// seam: readPolicyFile
/** The policy in `file`, or null when there is none; throws PolicyFileError otherwise. */
export function readPolicyFile(file: string, configuredServers: readonly string[]): Policy | null {
  const json = readOptionalJson(file, (problem) => new PolicyFileError(file, problem));
  if (json === undefined) return null;
  const parsed = PolicySchema.safeParse(json);
  if (!parsed.success) throw new PolicyFileError(file, parsed.error.issues.map(describe).join('; '));
  const unknown = Object.keys(parsed.data.servers ?? {}).filter((name) => !configuredServers.includes(name));
  if (unknown.length > 0) {
    throw new PolicyFileError(file, unknown.map((name) => `servers.${name}: no server of that name is configured in mcp.json`).join('; '));
  }
  return parsed.data;
}

function describe(issue: z.core.$ZodIssue): string {
  const at = issue.path.map(String);
  if (issue.code === 'unrecognized_keys') {
    const allowed = at.length === 2 ? SERVER_POLICY_FIELDS.join(', ') : 'servers';
    return issue.keys.map((key) => `${[...at, key].join('.')}: unknown setting (allowed: ${allowed})`).join('; ');
  }
  return `${at.length === 0 ? '(top level)' : at.join('.')}: ${issue.message}`;
}
