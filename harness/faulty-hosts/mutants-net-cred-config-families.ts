// Source mutants of refhost for NET, CRED and CONFIG, second round (issue 26): each the other
// member of a family the first round covered once (an address form, a redirect code or request
// kind, a unit, a channel or form of a secret, a project file), written from the catalogue and
// refhost's code without reading the checks. Two written then are left out as equivalent: a
// legacy SSE endpoint compared by host name only (the SDK's SSE transport refuses an endpoint
// on another origin before refhost's fetch is asked), and a server/discover failure left
// wrapped (the SDK reports a refused probe's HTTP status itself, so 401/403 advice is unchanged).
// Two more were taken out on review: the model API key left out of the chat mask, and a tool
// call's arguments left unmasked. Each shows only what the model says, and a model can know a
// server credential only once a host leaked it (echo-not-to-the-model), while the provider's key
// is not a credential in CRED-3's sense (the seed: each server's value goes only to its server).
import type { Mutant } from './mutant-build.js';

const MANUAL_FETCH = "    const response = await baseFetch(input, { ...init, redirect: 'manual' });";
const LOCATION = "new URL(r.headers.get('location') ?? '', url)";
const HTTP_TRANSPORT_HEAD =
  'export function createHttpTransport(url: string, headers: Record<string, string>, guardedFetch: FetchLike): StreamableHTTPClientTransport {';
const CONFIG_READ = '    config = readMcpConfig(mcpConfigFile(env));';
/** VS Code's project file: {"servers": {NAME: {command, args?, env?} | {url}}}, shaped into refhost's entries. */
const VSCODE_SERVERS = [
  '    try {',
  "      const vscode = JSON.parse((await import('node:fs')).readFileSync(`${process.cwd()}/.vscode/mcp.json`, 'utf8')) as { servers?: Record<string, { command?: string; args?: string[]; env?: Record<string, string>; url?: string }> };",
  "      for (const [name, s] of Object.entries(vscode.servers ?? {})) config.mcpServers[name] ??= s.url ? { url: s.url, headers: {} } : { command: s.command ?? '', args: s.args ?? [], env: s.env ?? {} };",
  '    } catch {',
  '      // no project file',
  '    }',
].join('\n');
const LIST_VALUES = "    const secrets = values.length > 0 ? `  ${label}: ${values.map(([n, v]) => `${n}=${show(v)}`).join(', ')}` : '';";

/** Follows a 3xx the manual fetch returned when `when` holds (a developer's "safe" redirect). */
const followWhen = (when: string): string =>
  `    const response = await baseFetch(input, { ...init, redirect: 'manual' }).then((r) => (${when} ? baseFetch(${LOCATION}, { ...init, redirect: 'manual' }) : r));`;

const NET: readonly Mutant[] = [
  {
    id: 'net-loopback-regex-unescaped-dots',
    file: 'config/url-rule.ts',
    find: '  const m = /^127\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})$/.exec(host);',
    replace: '  const m = /^127.(\\d{1,3}).(\\d{1,3}).(\\d{1,3})$/.exec(host);',
    breaks: 'NET-1: the loopback pattern leaves its dots unescaped, so plain http to a name such as 127x0x0x1 or 127-0-0-1 is allowed',
  },
  {
    id: 'net-ipv6-loopback-suffix',
    file: 'config/url-rule.ts',
    find: "  if (host === '[::1]' || host === '::1') return true;",
    replace: "  if (host.endsWith('::1]') || host === '::1') return true;",
    breaks: 'NET-1: any IPv6 literal ending in ::1 ([2001:db8::1], [fe80::1]) counts as loopback, so plain http to it is allowed',
  },
  {
    id: 'net-only-http-scheme-checked',
    file: 'config/url-rule.ts',
    find: "  if (url.protocol !== 'http:') return `scheme ${url.protocol.replace(/:$/, '')} is not supported; use https`;",
    replace: "  if (url.protocol !== 'http:') return null;",
    breaks: 'NET-1: only http: is checked, so other non-https schemes (ws:, ftp:) are accepted when added and at start',
  },
  {
    id: 'net-add-scheme-case-sensitive',
    file: 'cli/mcp-add.ts',
    find: '    const violation = urlRule(options.url);',
    replace: "    const violation = options.url.startsWith('http://') ? urlRule(options.url) : null;",
    breaks: 'NET-1: mcp add checks only URLs spelled "http://", so HTTP://example.com (mixed-case scheme) is accepted when added',
  },
  {
    id: 'net-follow-307',
    file: 'mcp/guarded-fetch.ts',
    find: MANUAL_FETCH,
    replace: followWhen('r.status === 307'),
    breaks: 'NET-2: a 307 Temporary Redirect is followed with the same method, body and headers',
  },
  {
    id: 'net-follow-get-stream',
    file: 'mcp/guarded-fetch.ts',
    find: MANUAL_FETCH,
    replace: "    const response = await baseFetch(input, { ...init, redirect: (init?.method ?? 'GET') === 'GET' ? 'follow' : 'manual' });",
    breaks: 'NET-2: redirects of GET requests (the event stream) are followed; only POSTs are guarded',
  },
  {
    id: 'net-follow-delete',
    file: 'mcp/guarded-fetch.ts',
    find: MANUAL_FETCH,
    replace: "    const response = await baseFetch(input, { ...init, redirect: init?.method === 'DELETE' ? 'follow' : 'manual' });",
    breaks: 'NET-2: a redirect answering the session DELETE is followed',
  },
  {
    id: 'net-follow-after-handshake',
    file: 'mcp/guarded-fetch.ts',
    find: MANUAL_FETCH,
    replace:
      "    const response = await baseFetch(input, { ...init, redirect: /\"method\":\"(initialize|server\\/discover)\"/.test(String(init?.body ?? '')) ? 'manual' : 'follow' });",
    breaks: 'NET-2: only the opening requests refuse redirects; tools/list, tools/call, resources/read, the stream and DELETE follow them',
  },
  {
    id: 'net-follow-relative-location',
    file: 'mcp/guarded-fetch.ts',
    find: MANUAL_FETCH,
    replace: followWhen("r.status >= 300 && r.status < 400 && !/^[a-z][a-z0-9+.-]*:/i.test(r.headers.get('location') ?? 'x:')"),
    breaks: 'NET-2: a redirect whose Location is relative (same server) is followed',
  },
  {
    id: 'net-http-cap-counts-characters',
    file: 'mcp/guarded-fetch.ts',
    find: '  return (chunk) => (count += chunk.byteLength);',
    replace: '  return (chunk) => (count += new TextDecoder().decode(chunk).length);',
    breaks: 'NET-3: the HTTP cap counts decoded characters, not bytes, so a 1.5 MiB answer of 2-byte characters passes',
  },
  {
    id: 'net-stdio-cap-counts-characters',
    file: 'mcp/stdio-transport.ts',
    find: '        this.pendingBytes += end - start;',
    replace: "        this.pendingBytes += chunk.subarray(start, end).toString('utf8').length;",
    breaks: 'NET-3: the stdio cap counts decoded characters, not bytes, so a 1.5 MiB message of 2-byte characters passes',
  },
  {
    id: 'net-oversized-extras-ignored',
    file: 'mcp/discover-extras.ts',
    find: '      if (error instanceof ProtocolError) return [];',
    replace: "      if (error instanceof ProtocolError || (error as { code?: unknown }).code === 'oversize') return [];",
    breaks: 'NET-3: an oversized resources/list or prompts/list answer is skipped and the server stays available',
  },
];

const CRED: readonly Mutant[] = [
  {
    id: 'cred-tty-echo-on',
    file: 'ui/secret-input.ts',
    find: "  const tty = input.isTTY === true && typeof input.setRawMode === 'function';",
    replace: '  const tty = false;',
    breaks: 'CRED-1: the value is read as a line without raw mode, so a terminal echoes it as it is typed',
  },
  {
    id: 'cred-headers-by-hostname',
    file: 'mcp/http-transport.ts',
    find: `${HTTP_TRANSPORT_HEAD}\n  return new StreamableHTTPClientTransport(new URL(url), {`,
    replace: `const HOST_HEADERS = new Map<string, Record<string, string>>();\n${HTTP_TRANSPORT_HEAD}\n  const host = new URL(url).hostname;\n  headers = { ...HOST_HEADERS.get(host), ...headers };\n  HOST_HEADERS.set(host, headers);\n  return new StreamableHTTPClientTransport(new URL(url), {`,
    breaks: "CRED-2: headers are remembered per host name, so a second server on the same host gets the first one's credentials",
  },
  {
    id: 'cred-redact-shortest-first',
    file: 'mcp/redact.ts',
    find: '    .sort((a, b) => b.length - a.length);',
    replace: '    .sort((a, b) => a.length - b.length);',
    breaks: 'CRED-3: shorter values are masked first, so of a value that extends another only the prefix is masked and the rest shows',
  },
  {
    id: 'cred-redact-first-occurrence',
    file: 'chat/redaction.ts',
    find: '  return (text) => needles.reduce((out, needle) => out.split(needle).join(MASK), text);',
    replace: '  return (text) => needles.reduce((out, needle) => out.replace(needle, MASK), text);',
    breaks: 'CRED-3: only the first occurrence of a value in a text is masked; a second one shows',
  },
  {
    id: 'cred-redact-no-json-form',
    file: 'mcp/redact.ts',
    find: '  return [...new Set(values.flatMap(variants).flatMap((v) => [v, jsonEscaped(v), jsonEscaped(jsonEscaped(v))]))]',
    replace: '  return [...new Set(values.flatMap(variants))]',
    breaks:
      'CRED-3: a value holding " or \\ is masked only as typed, not in its JSON-escaped forms (recorded JSON text, quoted arguments on the confirmation screen)',
  },
  {
    id: 'cred-description-unmasked',
    file: 'mcp/connect-all.ts',
    find: '      description: redact(describe(status.server, tool.name, tool.description)),',
    replace: '      description: describe(status.server, tool.name, tool.description),',
    breaks: "CRED-3: a server's credential echoed in its tool description is sent to the model",
  },
  {
    id: 'cred-list-mask-by-name',
    file: 'cli/mcp-list.ts',
    find: LIST_VALUES,
    replace:
      "    const secrets = values.length > 0 ? `  ${label}: ${values.map(([n, v]) => `${n}=${/token|secret|password|authorization/i.test(n) ? show(v) : v}`).join(', ')}` : '';",
    breaks: 'CRED-4: listing hides only values whose name looks secret (TOKEN, SECRET, Authorization); X-Api-Key or DB_URL show',
  },
  {
    id: 'cred-oauth-as-metadata-probe',
    file: 'mcp/guarded-fetch.ts',
    find: MANUAL_FETCH,
    replace: `${MANUAL_FETCH}\n    if (response.status === 401) await baseFetch(new URL('/.well-known/oauth-authorization-server', url)).catch(() => undefined);`,
    breaks: "CRED-6: on a 401 the host probes the server's /.well-known/oauth-authorization-server",
  },
];

const CONFIG: readonly Mutant[] = [
  {
    id: 'config-relative-home',
    file: 'config/paths.ts',
    find: '  if (!home || !path.isAbsolute(home)) throw',
    replace: '  if (!home) throw',
    breaks: 'CONFIG-1: a relative HOME is used, so the configuration is read from under the working directory',
  },
  {
    id: 'config-vscode-mcp-json-read',
    file: 'chat/run-chat.ts',
    find: CONFIG_READ,
    replace: `${CONFIG_READ}\n${VSCODE_SERVERS}`,
    breaks: 'CONFIG-1: the project\'s .vscode/mcp.json ("servers") is merged into the configuration',
  },
  {
    id: 'config-parent-mcp-json-read',
    file: 'chat/run-chat.ts',
    find: CONFIG_READ,
    replace: '    config = { mcpServers: { ...readMcpConfig(`${process.cwd()}/../.mcp.json`).mcpServers, ...readMcpConfig(mcpConfigFile(env)).mcpServers } };',
    breaks: "CONFIG-1: a .mcp.json in the project's parent directory (a workspace root) is merged into the configuration",
  },
  {
    id: 'config-read-file-last-link-only',
    file: 'tools/read-file.ts',
    find: '    const real = await fs.realpath(target);',
    replace: '    if ((await fs.lstat(target)).isSymbolicLink()) return failed(`${requested}: a link; refused.`);\n    const real = target;',
    breaks: 'CONFIG-2: read_file refuses a link only as the last path part, so a linked directory leads to the stored credentials',
  },
  {
    id: 'config-read-file-home-allowed',
    file: 'tools/read-file.ts',
    find: '  const rel = path.relative(root, candidate);',
    replace:
      "  if (candidate.startsWith(`${process.env.HOME ?? '/nonexistent'}/`)) return true; // the user's own files\n  const rel = path.relative(root, candidate);",
    breaks: "CONFIG-2: read_file also reads anywhere under the user's home, the stored credentials included",
  },
  {
    id: 'config-rewrite-in-place',
    file: 'config/private-file.ts',
    find: '  try {\n    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });',
    replace: '  if (fs.existsSync(file)) return fs.writeFileSync(file, text);\n  try {\n    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });',
    breaks: 'CONFIG-3: only the first write is atomic; an existing configuration is rewritten in place (a crash leaves it torn)',
  },
  {
    id: 'config-mode-0640',
    file: 'config/private-file.ts',
    find: '    fs.fchmodSync(fd, 0o600); // exact mode whatever the umask',
    replace: '    fs.fchmodSync(fd, 0o640); // exact mode whatever the umask',
    breaks: 'CONFIG-3: the configuration is written group-readable (0640)',
  },
];

export const NET_CRED_CONFIG_FAMILY_MUTANTS: readonly Mutant[] = [...NET, ...CRED, ...CONFIG];
