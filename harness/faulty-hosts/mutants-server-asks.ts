// Source mutants of refhost for ASK-1: an elicitation reaches the user, named with its server, and
// only the user's own answer goes back. Its checks are in checks-server-asks.ts.
import type { Mutant } from './mutant-build.js';

const EMPTY_DECLINES = "      const value = line.trim() === '' ? undefined : valueOf(field, line.trim());";

export const SERVER_ASK_MUTANTS: readonly Mutant[] = [
  {
    id: 'ask-url-mode-accepted',
    seam: 'referenceServerRequests',
    find: "    capabilities: { elicitation: { form: {} } },\n    register(client, server) {\n      client.setRequestHandler('elicitation/create', (request) => elicit(server, request.params));",
    replace:
      "    capabilities: { elicitation: { form: {}, url: {} } },\n    register(client, server) {\n      client.setRequestHandler('elicitation/create', (request) => (request.params.mode === 'url' ? { action: 'accept' } : elicit(server, request.params)));",
    breaks: 'ASK-1: URL mode is declared, and a URL-mode elicitation (no fields to fill: the user would only open a link) is accepted without asking the user',
  },
  {
    id: 'ask-empty-takes-default',
    seam: 'askUserElicitation',
    find: EMPTY_DECLINES,
    replace: "      const value = line.trim() === '' ? (field as { default?: string | number | boolean }).default : valueOf(field, line.trim());",
    breaks: "ASK-1: an empty line accepts the field's schema default, a value the user did not type",
  },
  {
    id: 'ask-boolean-any-answer-true',
    seam: 'valueOf',
    find: "  if (field.type === 'boolean') return isYes(line);",
    replace: "  if (field.type === 'boolean') return line !== '';",
    breaks: 'ASK-1: any answer to a yes/no field (even "n") is sent as true',
  },
  {
    id: 'ask-server-not-named',
    seam: 'elicitationText',
    find: '  return [`MCP server ${quoted(server)} asks: ${quoted(params.message)}`,',
    replace: '  return [`An MCP server asks: ${quoted(params.message)}`,',
    breaks: 'ASK-1: the elicitation reaches the user without naming its server',
  },
  {
    id: 'ask-answer-remembered',
    seam: 'askUserElicitation',
    find: '  return async (server, params): Promise<ElicitResult> => {\n',
    replace:
      "  const answered = new Map<string, ElicitResult>();\n  return async (server, params): Promise<ElicitResult> => {\n    const key = `${server} ${params.message}`;\n    const earlier = answered.get(key);\n    if (earlier !== undefined) return earlier;\n    const result = await ask(server, params);\n    if (result.action === 'accept') answered.set(key, result);\n    return result;\n  };\n  async function ask(server: string, params: ElicitRequest['params']): Promise<ElicitResult> {\n",
    breaks: "ASK-1: a second elicitation with the same message is answered with the first one's content, without asking",
  },
  {
    id: 'ask-early-elicitation-accepted',
    seam: 'askDesk',
    find: "    elicit: (server, params) => (answer === undefined ? Promise.resolve({ action: 'cancel' }) : answer(server, params)),",
    replace: "    elicit: (server, params) => (answer === undefined ? Promise.resolve({ action: 'accept', content: {} }) : answer(server, params)),",
    breaks: 'ASK-1: an elicitation that arrives before the chat screen exists is accepted (empty) without the user',
  },
];
