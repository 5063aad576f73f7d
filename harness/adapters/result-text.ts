// The text the model got from one call's result, whatever model API carried it (RESULT-*):
// Responses `function_call_output` (a string, or input_text/input_image/input_file items),
// a Chat Completions tool message (a string or text parts), an Anthropic `tool_result` (a
// string or text/image/document blocks; its is_error flag rides beside it), a Gemini
// `functionResponse.response` (an object such as {output}, {error} or {result}, or anything).
// Every status classifier and every check that reads a result reads this text, so a host is
// judged on what its model read, not on the JSON framing of its API.
import type { CallStatus } from './host-adapter.js';

type Obj = Record<string, unknown>;
const isObject = (value: unknown): value is Obj => value !== null && typeof value === 'object' && !Array.isArray(value);
const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The media type of a data: URL ("data:image/png;base64,..."). */
const dataUrlType = (url: unknown): string | undefined => (typeof url === 'string' ? /^data:([^;,]+)[;,]/.exec(url)?.[1] : undefined);

/** An image part's media type, in each API's field for it (Anthropic source, Responses/Chat data URL, MCP mimeType). */
function imageType(part: Obj): string {
  const source = isObject(part.source) ? part.source : {};
  const imageUrl = isObject(part.image_url) ? part.image_url.url : part.image_url;
  return str(source.media_type) ?? str(part.mimeType) ?? str(part.media_type) ?? dataUrlType(imageUrl) ?? dataUrlType(source.url) ?? 'unknown type';
}

/** One content part: text as it is, media as a short mark ("[image: image/png]"), anything else as its JSON. */
function partText(part: unknown): string {
  if (typeof part === 'string') return part;
  if (!isObject(part)) return JSON.stringify(part) ?? '';
  const type = typeof part.type === 'string' ? part.type : undefined;
  // text (Chat, Anthropic, MCP), input_text / output_text (Responses), or an untyped {text} part.
  if (typeof part.text === 'string' && (type === undefined || type.endsWith('text'))) return part.text;
  if (type === 'image' || type === 'input_image' || type === 'image_url') return `[image: ${imageType(part)}]`;
  if (type === 'audio' || type === 'input_audio')
    return `[audio: ${str(part.mimeType) ?? str((part.input_audio as Obj | undefined)?.format) ?? 'unknown type'}]`;
  if (type === 'input_file' || type === 'file') return `[file: ${str(part.filename) ?? str((part.file as Obj | undefined)?.filename) ?? 'unnamed'}]`;
  if (type === 'document') {
    const source = isObject(part.source) ? part.source : {};
    return typeof source.data === 'string' && source.type === 'text' ? source.data : `[document: ${str(source.media_type) ?? 'unknown type'}]`;
  }
  if (type === 'resource' && isObject(part.resource))
    return typeof part.resource.text === 'string' ? part.resource.text : `[resource: ${str(part.resource.uri) ?? 'unnamed'}]`;
  if (type === 'resource_link') return `[resource link: ${str(part.uri) ?? 'unnamed'}]`;
  // Gemini parts: {text}, {inlineData: {mimeType, data}}.
  if (isObject(part.inlineData)) {
    const mime = str(part.inlineData.mimeType) ?? 'unknown type';
    return mime.startsWith('image/') ? `[image: ${mime}]` : `[data: ${mime}]`;
  }
  return JSON.stringify(part);
}

const partsText = (parts: readonly unknown[]): string => parts.map(partText).join('\n');

/** A value inside a Gemini response: a string as is, parts joined, an MCP CallToolResult by its content, else its JSON. */
function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return partsText(value);
  if (isObject(value) && Array.isArray(value.content) && value.content.length > 0) return partsText(value.content);
  return JSON.stringify(value) ?? '';
}

/** The keys of a Gemini response object that hold the result itself, the failure first. */
const RESPONSE_KEYS = ['error', 'output', 'result'] as const;

/**
 * The text the model got from a call's result, as the host sent it in any model API: a string
 * as it is; an array of parts with its text parts joined by newlines, media as "[image: <type>]"
 * (likewise audio, files, documents); a Gemini response object by its error, output or result
 * (an MCP CallToolResult inside by its content), else its JSON.
 */
export function resultText(output: unknown): string {
  if (output === undefined) return '';
  if (typeof output === 'string') return output;
  if (Array.isArray(output)) return partsText(output);
  if (!isObject(output)) return JSON.stringify(output);
  for (const key of RESPONSE_KEYS) if (output[key] !== undefined && output[key] !== null) return valueText(output[key]);
  if (Array.isArray(output.content) && output.content.length > 0) return partsText(output.content);
  return JSON.stringify(output);
}

/**
 * The model API's own error flag applied to what the host's words said (`said`, null when no
 * pattern matched): a result flagged as an error (Anthropic is_error, a Gemini `error` key) is
 * never completed and never unreadable: it is `flagged` (failed unless a profile says
 * otherwise), unless the words say denied, unknown or output_limit. Without the flag, or with
 * it false, the words alone decide: a flag that says "no error" does not make a result completed.
 */
export function withErrorFlag(said: CallStatus | null, isError: boolean | undefined, flagged: CallStatus = 'failed'): CallStatus | null {
  if (isError !== true) return said;
  return said === null || said === 'completed' ? flagged : said;
}
