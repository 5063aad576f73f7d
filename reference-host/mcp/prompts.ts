// PROMPT-1 on the MCP side: which prompts/list entries are kept, and how a prompts/get answer
// becomes messages — each content reduced to text like a tool result (no base64, links not
// opened), the whole prompt within the 64 KiB output cap.
import * as z from 'zod';
import { schemaList } from './discovery.js';
import { LIMITS } from './errors.js';
import { formatBytes } from './guarded-fetch.js';
import { mapCallResult } from './result-mapping.js';
import type { McpPrompt, PromptMessage, PromptOutcome } from './types.js';

const PromptEntrySchema = z.looseObject({
  name: z.string().min(1),
  description: z.string().optional(),
  arguments: z
    .array(z.looseObject({ name: z.string().min(1), description: z.string().optional(), required: z.boolean().optional() }))
    .optional(),
});

export const PROMPT_LIST = schemaList<typeof PromptEntrySchema, Omit<McpPrompt, 'server'>>(
  { method: 'prompts/list', field: 'prompts', noun: 'prompt' },
  PromptEntrySchema,
  'a prompt without a valid name',
  ({ name, description, arguments: args = [] }) => ({
    key: name,
    value: { name, description, arguments: args.map((a) => ({ name: a.name, description: a.description, required: a.required === true })) },
  }),
);

const GetPromptResultSchema = z.looseObject({
  messages: z.array(z.looseObject({ role: z.enum(['user', 'assistant']), content: z.unknown() })),
});

export function mapPromptResult(raw: unknown): PromptOutcome {
  const parsed = GetPromptResultSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, error: 'The MCP server answered with something that is not a prompt.' };
  const messages: PromptMessage[] = parsed.data.messages.map((m) => ({ role: m.role, text: mapCallResult({ content: [m.content] }).output }));
  const bytes = messages.reduce((sum, m) => sum + Buffer.byteLength(m.text, 'utf8'), 0);
  if (bytes > LIMITS.outputBytes) return { ok: false, error: `The prompt is larger than ${formatBytes(LIMITS.outputBytes)}; it was not used.` };
  return { ok: true, messages };
}
