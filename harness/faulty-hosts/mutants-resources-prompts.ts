// Source mutants of refhost for RESOURCE-3 and PROMPT-1: read contents mapped like tool results,
// and a server prompt fetched only when the user asks, shown, and given to the model as marked
// user content. Their checks are in checks-resources-prompts.ts (RESOURCE-1/2 are graded mostly
// in checks-policy-telemetry.ts, so their mutants are in mutants-policy-telemetry.ts).
import type { Mutant } from './mutant-build.js';

const MAP_CONTENTS = "  return mapCallResult({ content: parsed.data.contents.map((resource) => ({ type: 'resource', resource })) });";
const PROMPT_ITEM = '  return `[MCP prompt from server ${JSON.stringify(server)}] ${message.role}: ${message.text}`;';
const PROMPT_ITEMS = '  return outcome.messages.map((message) => promptItemText(server, message));';
const PROMPT_SHOWN = '  for (const message of outcome.messages) ctx.screen.write(promptMessageText(server, message.role, message.text));';
const EARLIER_ITEMS = "    for (const item of items.slice(0, -1)) ctx.conversation.add({ type: 'message', role: 'user', content: item });";

const RESOURCE: readonly Mutant[] = [
  {
    id: 'resource-blob-as-text',
    seam: 'mapReadResult',
    find: "  return mapCallResult({ content: parsed.data.contents.map((resource) => ({ type: 'resource', resource })) });",
    replace:
      "  return mapCallResult({ content: parsed.data.contents.map((resource) => ({ type: 'resource', resource: { ...(resource as object), text: (resource as { text?: string; blob?: string }).text ?? (resource as { blob?: string }).blob } })) });",
    breaks: 'RESOURCE-3: a blob resource reaches the model as its base64 text',
  },
  {
    id: 'resource-contents-uncapped',
    seam: 'mapReadResult',
    find: "  return mapCallResult({ content: parsed.data.contents.map((resource) => ({ type: 'resource', resource })) });",
    replace:
      "  const mapped = mapCallResult({ content: parsed.data.contents.map((resource) => ({ type: 'resource', resource })) });\n  return mapped.status === 'output_limit' ? { status: 'completed', output: parsed.data.contents.map((c) => String((c as { text?: unknown }).text ?? '')).join('\\n') } : mapped;",
    breaks: 'RESOURCE-3: resource contents are not capped at 64 KiB',
  },
  {
    id: 'resource-first-content-only',
    seam: 'mapReadResult',
    find: "  return mapCallResult({ content: parsed.data.contents.map((resource) => ({ type: 'resource', resource })) });",
    replace: "  return mapCallResult({ content: parsed.data.contents.slice(0, 1).map((resource) => ({ type: 'resource', resource })) });",
    breaks: 'RESOURCE-3: only the first of several contents of a resource reaches the model',
  },
  {
    id: 'resource-contents-deduped-by-uri',
    seam: 'mapReadResult',
    find: MAP_CONTENTS,
    replace: `  // A server may repeat a URI: keep one content per URI.
  const unique = [...new Map(parsed.data.contents.map((c) => [(c as { uri?: string }).uri, c])).values()];
  return mapCallResult({ content: unique.map((resource) => ({ type: 'resource', resource })) });`,
    breaks: 'RESOURCE-3: several contents with the same URI keep only one text (the others are dropped)',
  },
  {
    id: 'resource-non-text-mime-dropped',
    seam: 'mapReadResult',
    find: MAP_CONTENTS,
    replace: `  const texty = parsed.data.contents.filter((c) => { const m = (c as { mimeType?: string }).mimeType; return m === undefined || m.startsWith('text/'); });
  return mapCallResult({ content: texty.map((resource) => ({ type: 'resource', resource })) });`,
    breaks: 'RESOURCE-3: text contents whose mimeType is not text/* (application/json, ...) are dropped',
  },
  {
    id: 'resource-text-after-blob-dropped',
    seam: 'mapReadResult',
    find: MAP_CONTENTS,
    replace: `  // What follows a binary part is its metadata.
  const firstBlob = parsed.data.contents.findIndex((c) => (c as { blob?: unknown }).blob !== undefined);
  const kept = firstBlob === -1 ? parsed.data.contents : parsed.data.contents.slice(0, firstBlob + 1);
  return mapCallResult({ content: kept.map((resource) => ({ type: 'resource', resource })) });`,
    breaks: 'RESOURCE-3: text contents after a blob content are dropped',
  },
  {
    id: 'resource-text-blob-decoded',
    seam: 'mapReadResult',
    find: MAP_CONTENTS,
    replace: `  return mapCallResult({
    content: parsed.data.contents.map((resource) => {
      const r = resource as { blob?: string; mimeType?: string };
      // A text/* blob is text that happened to be base64-encoded.
      const decoded = r.blob !== undefined && r.mimeType?.startsWith('text/') === true ? { ...r, text: Buffer.from(r.blob, 'base64').toString('utf8') } : resource;
      return { type: 'resource', resource: decoded };
    }),
  });`,
    breaks: 'RESOURCE-3: a blob with a text/* mimeType is decoded and given to the model instead of omitted',
  },
  {
    id: 'resource-cap-per-content',
    seam: 'mapReadResult',
    find: MAP_CONTENTS,
    replace: `  // Each content on its own, so one large content does not hide the others.
  const parts = parsed.data.contents.map((resource) => mapCallResult({ content: [{ type: 'resource', resource }] }));
  return { status: parts.some((p) => p.status === 'output_limit') ? 'output_limit' : 'completed', output: parts.map((p) => p.output).join('\\n') };`,
    breaks: 'RESOURCE-3: the 64 KiB cap applies to each content, so several contents together exceed it',
  },
  {
    id: 'resource-cap-in-characters',
    seam: 'mapReadResult',
    find: MAP_CONTENTS,
    replace: `  const content = parsed.data.contents.map((resource) => ({ type: 'resource', resource }));
  const text = parsed.data.contents
    .map((c) => { const r = c as { uri?: string; text?: string }; return r.text !== undefined ? \`[resource \${r.uri ?? '(no uri)'}]\\n\${r.text}\` : \`[binary resource omitted: \${r.uri ?? '(no uri)'}]\`; })
    .join('\\n');
  // 64 KiB of text.
  return text.length <= 64 * 1024 ? { status: 'completed', output: text } : mapCallResult({ content });`,
    breaks: 'RESOURCE-3: the 64 KiB cap counts characters, so multi-byte text up to 4 times larger passes uncut',
  },
  {
    id: 'resource-cap-status-completed',
    seam: 'mapReadResult',
    find: MAP_CONTENTS,
    replace: `  const mapped = mapCallResult({ content: parsed.data.contents.map((resource) => ({ type: 'resource', resource })) });
  // A resource is not a tool: its text was read, just cut.
  return mapped.status === 'output_limit' ? { ...mapped, status: 'completed' } : mapped;`,
    breaks: 'RESOURCE-3: resource contents over 64 KiB are cut but reported completed, not output_limit as a tool result is',
  },
];

const PROMPT: readonly Mutant[] = [
  {
    id: 'prompt-prefetched-at-start',
    seam: 'discoverExtras',
    find: '    prompts: await list(capabilities.prompts, PROMPT_LIST),',
    replace:
      '    prompts: await list(capabilities.prompts, PROMPT_LIST).then(async (ps) => { for (const p of ps) await session.getPrompt(p.name, {}, 2000).catch(() => undefined); return ps; }),',
    breaks: 'PROMPT-1: every listed prompt is fetched (prompts/get) at start-up',
  },
  {
    id: 'prompt-fetched-for-listing',
    seam: 'chatLoop',
    find: '      screen.write(promptListing(ctx.connections));',
    replace:
      '      screen.write(promptListing(ctx.connections));\n      for (const p of ctx.connections.prompts) await ctx.connections.getPrompt(p.server, p.name, {});',
    breaks: 'PROMPT-1: /prompts fetches every prompt (prompts/get) to preview it',
  },
  {
    id: 'prompt-earlier-messages-as-assistant',
    seam: 'chatLoop',
    find: "    for (const item of items.slice(0, -1)) ctx.conversation.add({ type: 'message', role: 'user', content: item });",
    replace: "    for (const item of items.slice(0, -1)) ctx.conversation.add({ type: 'message', role: 'assistant', content: item });",
    breaks: "PROMPT-1: a prompt's earlier messages are inserted as assistant turns, not user content",
  },
  {
    id: 'prompt-not-shown',
    seam: 'fetchPromptItems',
    find: '  for (const message of outcome.messages) ctx.screen.write(promptMessageText(server, message.role, message.text));',
    replace: '',
    breaks: 'PROMPT-1: prompt messages are sent to the model without being shown',
  },
  {
    id: 'prompt-shown-first-line-only',
    seam: 'fetchPromptItems',
    find: '  for (const message of outcome.messages) ctx.screen.write(promptMessageText(server, message.role, message.text));',
    replace: "  for (const message of outcome.messages) ctx.screen.write(promptMessageText(server, message.role, message.text.split('\\n')[0] ?? ''));",
    breaks: 'PROMPT-1: only the first line of each prompt message is shown; the rest is sent unseen',
  },
  {
    id: 'prompt-not-marked-with-server',
    seam: 'promptItemText',
    find: '  return `[MCP prompt from server ${JSON.stringify(server)}] ${message.role}: ${message.text}`;',
    replace: '  return `${message.role}: ${message.text}`;',
    breaks: 'PROMPT-1: prompt messages reach the model without naming their server',
  },
  {
    id: 'prompt-marker-user-role-only',
    seam: 'promptItemText',
    find: PROMPT_ITEM,
    replace: `  // An assistant message is the server's example answer, not something the user says: no marker needed.
  return message.role === 'user' ? \`[MCP prompt from server \${JSON.stringify(server)}] \${message.role}: \${message.text}\` : \`\${message.role}: \${message.text}\`;`,
    breaks: "PROMPT-1: a prompt's assistant-role messages reach the model without naming their server",
  },
  {
    id: 'prompt-marker-first-message-only',
    seam: 'fetchPromptItems',
    find: PROMPT_ITEMS,
    replace: '  return outcome.messages.map((message, i) => (i === 0 ? promptItemText(server, message) : `${message.role}: ${message.text}`));',
    breaks: "PROMPT-1: only a prompt's first message names its server; the later ones reach the model unmarked",
  },
  {
    id: 'prompt-last-message-unmarked',
    seam: 'fetchPromptItems',
    find: PROMPT_ITEMS,
    replace: `  // The last message is what the user would have typed: it goes in as it is.
  return outcome.messages.map((message, i) => (i === outcome.messages.length - 1 ? message.text : promptItemText(server, message)));`,
    breaks: "PROMPT-1: a prompt's last message reaches the model as plain user text, not marked with its server",
  },
  {
    id: 'prompt-assistant-role-kept',
    seam: 'chatLoop',
    find: EARLIER_ITEMS,
    replace: `    // Keep the prompt's own roles for its earlier messages.
    for (const item of items.slice(0, -1)) ctx.conversation.add({ type: 'message', role: / assistant: /.test(item.split('\\n')[0] ?? '') ? 'assistant' : 'user', content: item });`,
    breaks: "PROMPT-1: a prompt's assistant-role messages are inserted as assistant turns, not user content",
  },
  {
    // Written first as a 'system' role in the conversation, which refhost's session recorder
    // refuses (the host stops: nothing reaches the model, no breach); the bug a developer can
    // really ship is in the model client, past the recorder.
    id: 'prompt-sent-as-developer',
    seam: 'createOpenAiModelClient',
    find: '          input: input.map((item) => ({ ...item })),',
    replace:
      "          // A server prompt is guidance for the model: send it with the developer role.\n          input: input.map((item) => (item.type === 'message' && item.content.startsWith('[MCP prompt from server') ? { ...item, role: 'developer' as 'user' } : { ...item })),",
    breaks: "PROMPT-1: a prompt's messages reach the model as developer (system) messages, not user content",
  },
  {
    id: 'prompt-shown-user-role-only',
    seam: 'fetchPromptItems',
    find: PROMPT_SHOWN,
    replace: "  for (const message of outcome.messages) if (message.role === 'user') ctx.screen.write(promptMessageText(server, message.role, message.text));",
    breaks: "PROMPT-1: a prompt's assistant-role messages are used without being shown",
  },
  {
    id: 'prompt-shown-without-last',
    seam: 'fetchPromptItems',
    find: PROMPT_SHOWN,
    replace: `  // The last message is sent as the user's turn right away; show the context before it.
  for (const message of outcome.messages.slice(0, -1)) ctx.screen.write(promptMessageText(server, message.role, message.text));`,
    breaks: "PROMPT-1: a prompt's last message is used without being shown",
  },
  {
    id: 'prompt-argless-prefetched',
    seam: 'discoverExtras',
    find: '    prompts: await list(capabilities.prompts, PROMPT_LIST),',
    replace: `    // A prompt without arguments can be checked now, so a broken one is not offered.
    prompts: await list(capabilities.prompts, PROMPT_LIST).then(async (ps) => {
      for (const p of ps) if (p.arguments.length === 0) await session.getPrompt(p.name, {}, 2000, signal).catch(() => undefined);
      return ps;
    }),`,
    breaks: 'PROMPT-1: prompts without arguments are fetched (prompts/get) at start-up, before the user asks',
  },
  {
    id: 'prompt-other-server-fallback',
    seam: 'fetchPromptItems',
    find: `  const { server, name, args } = request;
  const listed = ctx.connections.prompts.find((p) => p.server === server && p.name === name);`,
    replace: `  const { name, args } = request;
  // Prompt names are usually unique: use it from whichever server offers it.
  const listed = ctx.connections.prompts.find((p) => p.server === request.server && p.name === name) ?? ctx.connections.prompts.find((p) => p.name === name);
  const server = listed?.server ?? request.server;`,
    breaks: 'PROMPT-1: a prompt the user asked for on one server is fetched and used from another server offering the same name',
  },
];

export const RESOURCE_PROMPT_MUTANTS: readonly Mutant[] = [...RESOURCE, ...PROMPT];
