// RESULT-1..9: what the model is told about one call. Content is reduced to text (no base64
// ever, resource links listed but never opened), errors keep the server's message, output
// is capped at 64 KiB, and every unknown outcome says the server may have acted.
import * as z from 'zod';
import type { CallOutcome } from './types.js';
import { LIMITS } from './errors.js';
import { formatBytes } from './guarded-fetch.js';

/** Deliberately loose: a result the SDK schema would reject is still a result the server sent. */
export const CallResultSchema = z.looseObject({
  content: z.array(z.unknown()).optional(),
  structuredContent: z.unknown().optional(),
  isError: z.boolean().optional(),
});

const TextBlockSchema = z.looseObject({ type: z.literal('text'), text: z.string() });
const MediaBlockSchema = z.looseObject({ type: z.enum(['image', 'audio']), mimeType: z.string().optional() });
const ResourceBlockSchema = z.looseObject({
  type: z.literal('resource'),
  resource: z.looseObject({ uri: z.string().optional(), text: z.string().optional(), blob: z.string().optional() }),
});
const ResourceLinkBlockSchema = z.looseObject({ type: z.literal('resource_link'), uri: z.string().optional(), name: z.string().optional() });
const AnyBlockSchema = z.looseObject({ type: z.string() });

// seam: unknownOutcomeText
export function unknownOutcomeText(): string {
  return (
    'The outcome of this call is unknown: the MCP server may have received it and acted on it. ' +
    'Do not retry this call automatically; tell the user and let them decide.'
  );
}

// seam: renderBlock
/** One content block as text; isText marks the blocks that count as text for RESULT-1. */
function renderBlock(block: unknown): { text: string; isText: boolean } {
  const text = TextBlockSchema.safeParse(block);
  if (text.success) return { text: text.data.text, isText: true };
  const media = MediaBlockSchema.safeParse(block);
  if (media.success) return { text: `[${media.data.type} omitted: ${media.data.mimeType ?? 'unknown type'}]`, isText: false };
  const resource = ResourceBlockSchema.safeParse(block);
  if (resource.success) {
    const { uri = '(no uri)', text: body } = resource.data.resource;
    return body !== undefined
      ? { text: `[resource ${uri}]\n${body}`, isText: true }
      : { text: `[binary resource omitted: ${uri}]`, isText: false };
  }
  const link = ResourceLinkBlockSchema.safeParse(block);
  if (link.success) {
    return { text: `[resource link: ${link.data.name ?? '(unnamed)'} ${link.data.uri ?? '(no uri)'} — not opened]`, isText: false };
  }
  const other = AnyBlockSchema.safeParse(block);
  return { text: `[content omitted: unsupported type ${other.success ? other.data.type : '(none)'}]`, isText: false };
}

// seam: mapCallResult
/** RESULT-1/2/8: a tools/call result as the model sees it. */
export function mapCallResult(raw: unknown): CallOutcome {
  const parsed = CallResultSchema.safeParse(raw);
  if (!parsed.success) return { status: 'failed', output: 'The MCP server answered with something that is not a tool result.' };
  const blocks = (parsed.data.content ?? []).map(renderBlock);
  const parts = blocks.map((b) => b.text);
  if (!blocks.some((b) => b.isText) && parsed.data.structuredContent !== undefined) {
    parts.push(JSON.stringify(parsed.data.structuredContent));
  }
  const text = parts.length > 0 ? parts.join('\n') : '(the tool returned no content)';
  if (parsed.data.isError === true) return capOutput('failed', text);
  return capOutput('completed', text);
}

/** RESULT-2 for a JSON-RPC error answer. */
export function failedOutcome(serverMessage: string): CallOutcome {
  return capOutput('failed', `The MCP server returned an error: ${serverMessage}`);
}

/** RESULT-4..7 and RESULT-9. */
export function unknownOutcome(cause: string): CallOutcome {
  return { status: 'unknown', output: `${cause}. ${unknownOutcomeText()}` };
}

/** A call that was never sent (connection already gone, cancelled before sending). */
export function notSentOutcome(cause: string): CallOutcome {
  return { status: 'failed', output: `${cause}; the call was not sent.` };
}

// seam: capOutput
/** RESULT-8: over the limit, completed becomes output_limit; the text is cut to fit with a marker. */
export function capOutput(status: 'completed' | 'failed', text: string, limit: number = LIMITS.outputBytes): CallOutcome {
  const total = Buffer.byteLength(text, 'utf8');
  if (total <= limit) return { status, output: text };
  const marker = `\n[truncated: the result was ${total} bytes; only the first part within ${formatBytes(limit)} is shown]`;
  return {
    status: status === 'completed' ? 'output_limit' : status,
    output: cutUtf8(text, limit - Buffer.byteLength(marker, 'utf8')) + marker,
  };
}

/** The longest prefix of `text` whose UTF-8 form fits `bytes`, never splitting a character. */
export function cutUtf8(text: string, bytes: number): string {
  const buffer = Buffer.from(text, 'utf8');
  if (buffer.length <= bytes) return text;
  let end = Math.max(0, bytes);
  while (end > 0 && ((buffer[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return buffer.subarray(0, end).toString('utf8');
}
