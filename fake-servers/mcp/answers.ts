// What a fake server answers when nothing goes wrong, and the same answer padded to an exact
// JSON-RPC message size (NET-3, RESULT-6: "exactly N bytes" and "N + 1"): the results of
// tool calls (RESULT-1..8), resources (RESOURCE-*) and prompts (PROMPT-1).
import type { CallToolResult, RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { ServerBehaviour, ToolOutcome } from './behaviour.js';
import type { Fill } from './stamped-text.js';
import { jsonBytes, padFor, SizeError, stampedText, utf8Bytes } from './stamped-text.js';

type Result = Record<string, unknown>;

/** The result of a call whose outcome is a result kind (content, echo, sized-text); faults echo. */
export function toolResult(outcome: ToolOutcome, args: Record<string, unknown>): CallToolResult {
  switch (outcome.kind) {
    case 'content':
      return {
        content: outcome.content,
        ...(outcome.structuredContent !== undefined && { structuredContent: outcome.structuredContent }),
        ...(outcome.isError !== undefined && { isError: outcome.isError }),
      } as CallToolResult;
    case 'sized-text':
      return { content: [{ type: 'text', text: stampedText(outcome.bytes, outcome.fill) }] };
    default:
      return { content: [{ type: 'text', text: JSON.stringify(args) }] };
  }
}

/**
 * `result` padded so that the JSON-RPC response {jsonrpc, id, result} is exactly `bytes`
 * UTF-8 bytes of JSON: a tools/call result becomes one stamped text block, any other result
 * gets `_meta.padding`. Throws a SizeError when even the unpadded answer is larger.
 */
/** `decorate`: the revision's own result fields (modern-result.ts), counted in the size. */
export function paddedResult(method: string, id: RequestId, result: Result, bytes: number, fill: Fill, decorate: (r: Result) => Result = (r) => r): Result {
  const withPad = (pad: string): Result =>
    decorate(
      method === 'tools/call' ? { content: [{ type: 'text', text: pad }] } : { ...result, _meta: { ...(result._meta as Result | undefined), padding: pad } },
    );
  const pad = padFor(bytes, fill, (p) => jsonBytes({ jsonrpc: '2.0', id, result: withPad(p) }));
  return withPad(pad);
}

export function resourceList(behaviour: ServerBehaviour): Result {
  return {
    resources: (behaviour.resources ?? []).map(
      ({ text: _text, blob: _blob, textBytes: _bytes, fill: _fill, contents: _contents, fault: _fault, ...meta }) => meta,
    ),
  };
}

export function resourceTemplateList(behaviour: ServerBehaviour): Result {
  return { resourceTemplates: behaviour.resourceTemplates ?? [] };
}

export function promptList(behaviour: ServerBehaviour): Result {
  return { prompts: (behaviour.prompts ?? []).map(({ messages: _messages, ...meta }) => meta) };
}

/** resources/read: a static resource, a template match, or undefined (not found). */
export function readResource(behaviour: ServerBehaviour, uri: string): Result | undefined {
  const mime = (mimeType: string | undefined) => (mimeType === undefined ? {} : { mimeType });
  const resource = behaviour.resources?.find((r) => r.uri === uri);
  if (resource?.contents) return { contents: resource.contents.map((c) => ({ uri, ...mime(resource.mimeType), ...c })) };
  if (resource) {
    const body =
      resource.blob !== undefined
        ? { blob: resource.blob }
        : { text: resource.textBytes === undefined ? (resource.text ?? '') : stampedText(resource.textBytes, resource.fill) };
    return { contents: [{ uri, ...mime(resource.mimeType), ...body }] };
  }
  const template = behaviour.resourceTemplates?.find((t) => templateMatches(t.uriTemplate, uri));
  if (template) return { contents: [{ uri, ...mime(template.mimeType), text: `${template.name}: ${uri}` }] };
  return undefined;
}

/** prompts/get with "{{arg}}" filled, or undefined (unknown prompt). */
export function getPrompt(behaviour: ServerBehaviour, name: string, args: Record<string, string>): Result | undefined {
  const prompt = behaviour.prompts?.find((p) => p.name === name);
  if (!prompt) return undefined;
  return {
    ...(prompt.description !== undefined && { description: prompt.description }),
    messages: prompt.messages.map((m) => ({
      role: m.role,
      content: { type: 'text' as const, text: m.text.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => args[key] ?? whole) },
    })),
  };
}

function templateMatches(template: string, uri: string): boolean {
  const pattern = template
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${pattern}$`).test(uri);
}

/** Bytes per line of a blank-lines pad, its line break included. */
export const BLANK_LINE_BYTES = 1024;

/**
 * `message` as JSON text of exactly `bytes` UTF-8 bytes: lines of blanks (JSON whitespace, so
 * it parses to the same message) after its opening brace. Throws a SizeError when the message
 * alone is larger.
 */
export function blankLinesPadded(message: Result, bytes: number): string {
  const json = JSON.stringify(message);
  let left = bytes - utf8Bytes(json);
  if (left < 0) throw new SizeError(`${bytes} bytes is less than the ${utf8Bytes(json)} bytes the message takes without padding`);
  const lines: string[] = [];
  for (; left > 0; left -= BLANK_LINE_BYTES) lines.push(`\n${' '.repeat(Math.min(BLANK_LINE_BYTES, left) - 1)}`);
  return `{${lines.join('')}${json.slice(1)}`;
}
