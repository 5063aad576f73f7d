// The chat's environment (reference-host.md "Model provider", "Test knobs"). Knobs only
// shorten deadlines or size the context; none switches a guarantee off. Errors name the
// variable, never its value (the API key least of all, CRED-3).
import * as z from 'zod';
import { DEFAULT_CONTEXT_BUDGET_BYTES } from './history.js';

export const DEFAULT_BASE_URL = 'https://api.openai.com/v1';
export const DEFAULT_MODEL = 'gpt-4.1-mini';
// seam: DEFAULT_CONNECT_TIMEOUT_MS
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
// seam: DEFAULT_CALL_TIMEOUT_MS
export const DEFAULT_CALL_TIMEOUT_MS = 30_000;

/** An empty variable counts as unset. */
const unsetIfEmpty = (value: unknown): unknown => (value === '' ? undefined : value);

const positiveInt = (name: string, fallback: number) =>
  z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^[1-9][0-9]{0,9}$/, `${name} must be a positive whole number`)
      .transform(Number)
      .default(fallback),
  );

export const ChatEnvSchema = z.object({
  OPENAI_API_KEY: z.preprocess(
    unsetIfEmpty,
    z.string({ error: 'OPENAI_API_KEY is not set: export your OpenAI API key (refhost sends it only to OPENAI_BASE_URL)' }),
  ),
  OPENAI_BASE_URL: z.preprocess(
    unsetIfEmpty,
    z.url({ protocol: /^https?$/, error: 'OPENAI_BASE_URL must be an http(s) URL' }).default(DEFAULT_BASE_URL),
  ),
  REFHOST_MODEL: z.preprocess(unsetIfEmpty, z.string().default(DEFAULT_MODEL)),
  REFHOST_MCP_CONNECT_TIMEOUT_MS: positiveInt('REFHOST_MCP_CONNECT_TIMEOUT_MS', DEFAULT_CONNECT_TIMEOUT_MS),
  REFHOST_MCP_CALL_TIMEOUT_MS: positiveInt('REFHOST_MCP_CALL_TIMEOUT_MS', DEFAULT_CALL_TIMEOUT_MS),
  REFHOST_CONTEXT_BUDGET_BYTES: positiveInt('REFHOST_CONTEXT_BUDGET_BYTES', DEFAULT_CONTEXT_BUDGET_BYTES),
});

export interface ChatSettings {
  apiKey: string;
  baseURL: string;
  model: string;
  connectTimeoutMs: number;
  callTimeoutMs: number;
  contextBudgetBytes: number;
}

export class ChatSettingsError extends Error {
  override name = 'ChatSettingsError';
}

/** `deadlineKnobs: false` (a conforming variant without knobs): the two timeouts are never read. */
export function readChatSettings(env: NodeJS.ProcessEnv, options: { deadlineKnobs?: boolean } = {}): ChatSettings {
  const source = options.deadlineKnobs === false ? { ...env, REFHOST_MCP_CONNECT_TIMEOUT_MS: undefined, REFHOST_MCP_CALL_TIMEOUT_MS: undefined } : env;
  const parsed = ChatEnvSchema.safeParse(source);
  if (!parsed.success) {
    // Issue messages are ours and name only the variable.
    throw new ChatSettingsError(parsed.error.issues.map((issue) => issue.message).join('; '));
  }
  const e = parsed.data;
  return {
    apiKey: e.OPENAI_API_KEY,
    baseURL: e.OPENAI_BASE_URL,
    model: e.REFHOST_MODEL,
    connectTimeoutMs: e.REFHOST_MCP_CONNECT_TIMEOUT_MS,
    callTimeoutMs: e.REFHOST_MCP_CALL_TIMEOUT_MS,
    contextBudgetBytes: e.REFHOST_CONTEXT_BUDGET_BYTES,
  };
}
