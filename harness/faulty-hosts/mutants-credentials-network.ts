// Source mutants of refhost for CRED-1..6, NET-1..4, CONFIG-1..3 and DISCOVER-6: where each
// server's credential may go, which paths, destinations and redirects the host contacts, what
// its own add and list commands show and store. Their checks are in checks-credentials-network.ts
// (NET-4 is graded by check-helpers.ts alone; two CONFIG-2 checks also use checks-policy-telemetry.ts).
import type { Mutant } from './mutant-build.js';

/** Why mutants of the mask on model and user text survive and break nothing the catalogue asks. */
const MODEL_TEXT_MASK =
  "refhost's second mask, on text the model or the user wrote (screen, session, model requests); the MCP layer masks every form a server echoes before any text is made of it (mcp/redact.ts), so this mask changes what is seen only once a credential is in such text, which needs a host that already leaked it to the model (other checks fail that) or a user who typed it into the chat; CRED-3 is about the values the host holds, not the user's own words";

const MANUAL_FETCH = "    const response = await baseFetch(input, { ...init, redirect: 'manual' });";
const SHOW_HIDDEN = '  const show = deps.showValue ?? ((): string => HIDDEN_VALUE);';
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

// Left out (issue 26): two written as equivalent, a legacy SSE endpoint compared by host name
// only (the SDK's SSE transport refuses an endpoint on another origin before refhost's fetch is
// asked), and a server/discover failure left wrapped (the SDK reports a refused probe's HTTP
// status itself, so 401/403 advice is unchanged). Two more were taken out on review: the model
// API key left out of the chat mask, and a tool call's arguments left unmasked. Each shows only
// what the model says, and a model can know a server credential only once a host leaked it
// (echo-not-to-the-model), while the provider's key is not a credential in CRED-3's sense (the
// seed: each server's value goes only to its server).
const CRED: readonly Mutant[] = [
  {
    id: 'cred-typed-value-echoed',
    seam: 'createSecretReader',
    find: '      buffer = buffer.slice(newline + 1);\n      finish((p) => p.resolve(line));',
    replace: '      buffer = buffer.slice(newline + 1);\n      output.write(line);\n      finish((p) => p.resolve(line));',
    breaks: 'CRED-1: a value typed at the add prompt is echoed when stdin is not a terminal',
  },
  {
    id: 'cred-tty-echo-on',
    seam: 'createSecretReader',
    find: "  const tty = input.isTTY === true && typeof input.setRawMode === 'function';",
    replace: '  const tty = false;',
    breaks: 'CRED-1: the value is read as a line without raw mode, so a terminal echoes it as it is typed',
  },
  {
    id: 'cred-shared-header-object',
    seam: 'createHttpTransport',
    find: 'export function createHttpTransport(url: string, headers: Record<string, string>, guardedFetch: FetchLike): StreamableHTTPClientTransport {\n  return new StreamableHTTPClientTransport(new URL(url), {\n    requestInit: { headers: { ...headers } },',
    replace:
      'const SHARED_HEADERS: Record<string, string> = {};\nexport function createHttpTransport(url: string, headers: Record<string, string>, guardedFetch: FetchLike): StreamableHTTPClientTransport {\n  return new StreamableHTTPClientTransport(new URL(url), {\n    requestInit: { headers: Object.assign(SHARED_HEADERS, headers) },',
    breaks: "CRED-2: one shared headers object collects every server's headers, so each server gets the others' credentials",
  },
  {
    id: 'cred-shared-stdio-env',
    seam: 'buildStdioEnv',
    find: 'export function buildStdioEnv(hostEnv: NodeJS.ProcessEnv, configured: Record<string, string>): Record<string, string> {\n  const env: Record<string, string> = {};',
    replace:
      'const SHARED_ENV: Record<string, string> = {};\nexport function buildStdioEnv(hostEnv: NodeJS.ProcessEnv, configured: Record<string, string>): Record<string, string> {\n  const env: Record<string, string> = Object.assign(SHARED_ENV, configured);',
    breaks: "CRED-2: one shared environment object collects every stdio server's variables, so each server gets the others' tokens",
  },
  {
    id: 'cred-headers-by-hostname',
    seam: 'createHttpTransport',
    find: `${HTTP_TRANSPORT_HEAD}\n  return new StreamableHTTPClientTransport(new URL(url), {`,
    replace: `const HOST_HEADERS = new Map<string, Record<string, string>>();\n${HTTP_TRANSPORT_HEAD}\n  const host = new URL(url).hostname;\n  headers = { ...HOST_HEADERS.get(host), ...headers };\n  HOST_HEADERS.set(host, headers);\n  return new StreamableHTTPClientTransport(new URL(url), {`,
    breaks: "CRED-2: headers are remembered per host name, so a second server on the same host gets the first one's credentials",
  },
  {
    id: 'cred-redact-min-length-40',
    seam: 'MIN_SECRET_LENGTH',
    find: 'const MIN_SECRET_LENGTH = 4;',
    replace: 'const MIN_SECRET_LENGTH = 40;',
    breaks: 'CRED-3: the screen/session/model mask ignores values shorter than 40 characters (the API key among them)',
    argued: MODEL_TEXT_MASK,
  },
  {
    id: 'cred-redact-no-token-variant',
    seam: 'variants',
    find: '  return token === undefined ? [secret] : [secret, token];',
    replace: '  return [secret];',
    breaks: 'CRED-3: the token of a "Bearer TOKEN" header is masked only together with its scheme, so an echoed bare token shows',
  },
  {
    id: 'cred-redact-env-values-missed',
    seam: 'secretValues',
    find: '  const values = isHttpServer(config) ? Object.values(config.headers) : Object.values(config.env);',
    replace: '  const values = isHttpServer(config) ? Object.values(config.headers) : [];',
    breaks: 'CRED-3: stdio env values are never masked, so a server echoing its token puts it on screen and in the session',
  },
  {
    id: 'cred-session-unmasked',
    seam: 'Conversation.add',
    find: '    this.sink?.append(mcp === undefined ? kept : { ...kept, mcp });',
    replace: '    this.sink?.append(mcp === undefined ? item : { ...item, mcp });',
    breaks: 'CRED-3: session files record items before masking, so an echoed credential is saved',
    argued: MODEL_TEXT_MASK,
  },
  {
    id: 'cred-fatal-error-unmasked',
    seam: 'runChat',
    find: '    if (!fatal) plainWrite(redact(errorLine(`fatal error: ${message(error)}`)));',
    replace: '    if (!fatal) plainWrite(errorLine(`fatal error: ${message(error)}`));',
    breaks: 'CRED-3: a fatal error message is printed unmasked',
    argued:
      "a fatal error holds a configured value only if an exception quotes one: refhost's own messages never do, a header value a library refuses fails its server alone (reported by the MCP layer, masked), and the model API key is the provider's, not a CRED-3 credential",
  },
  {
    id: 'cred-add-error-shows-values',
    seam: 'mcpAdd',
    find: '  if (!next.success) throw new CliError(`cannot add server ${name}: ${describeIssues(next.error.issues)}`);',
    replace:
      '  if (!next.success) throw new CliError(`cannot add server ${name}: ${describeIssues(next.error.issues)} (values given: ${JSON.stringify(values)})`);',
    breaks: 'CRED-3: a refused add prints the typed values in its error',
  },
  {
    id: 'cred-redact-shortest-first',
    seam: 'secretForms',
    find: '    .sort((a, b) => b.length - a.length);',
    replace: '    .sort((a, b) => a.length - b.length);',
    breaks: 'CRED-3: shorter values are masked first, so of a value that extends another only the prefix is masked and the rest shows',
  },
  {
    id: 'cred-redact-first-occurrence',
    seam: 'createRedactor',
    find: '  return (text) => needles.reduce((out, needle) => out.split(needle).join(MASK), text);',
    replace: '  return (text) => needles.reduce((out, needle) => out.replace(needle, MASK), text);',
    breaks: 'CRED-3: only the first occurrence of a value in a text is masked; a second one shows',
    argued: MODEL_TEXT_MASK,
  },
  {
    id: 'cred-redact-no-json-form',
    seam: 'secretForms',
    find: '  return [...new Set(values.flatMap(variants).flatMap((v) => [v, jsonEscaped(v), jsonEscaped(jsonEscaped(v))]))]',
    replace: '  return [...new Set(values.flatMap(variants))]',
    breaks:
      'CRED-3: a value holding " or \\ is masked only as typed, not in its JSON-escaped forms (recorded JSON text, quoted arguments on the confirmation screen)',
  },
  {
    id: 'cred-description-unmasked',
    seam: 'connectAll',
    find: '      description: redact(describe(status.server, tool.name, tool.description)),',
    replace: '      description: describe(status.server, tool.name, tool.description),',
    breaks: "CRED-3: a server's credential echoed in its tool description is sent to the model",
  },
  {
    id: 'cred-list-last-four',
    seam: 'mcpList',
    find: SHOW_HIDDEN,
    replace: '  const show = deps.showValue ?? ((value: string): string => `****${value.slice(-4)}`);',
    breaks: 'CRED-4: listing shows the last four characters of each value',
  },
  {
    id: 'cred-list-first-six',
    seam: 'mcpList',
    find: SHOW_HIDDEN,
    replace: '  const show = deps.showValue ?? ((value: string): string => `${value.slice(0, 6)}…`);',
    breaks: 'CRED-4: listing shows the first six characters of each value',
  },
  {
    id: 'cred-list-env-shown',
    seam: 'mcpList',
    find: "    const secrets = values.length > 0 ? `  ${label}: ${values.map(([n, v]) => `${n}=${show(v)}`).join(', ')}` : '';",
    replace: "    const secrets = values.length > 0 ? `  ${label}: ${values.map(([n, v]) => `${n}=${label === 'env' ? v : show(v)}`).join(', ')}` : '';",
    breaks: 'CRED-4: listing hides header values but shows environment values',
  },
  {
    id: 'cred-list-mask-by-name',
    seam: 'mcpList',
    find: LIST_VALUES,
    replace:
      "    const secrets = values.length > 0 ? `  ${label}: ${values.map(([n, v]) => `${n}=${/token|secret|password|authorization/i.test(n) ? show(v) : v}`).join(', ')}` : '';",
    breaks: 'CRED-4: listing hides only values whose name looks secret (TOKEN, SECRET, Authorization); X-Api-Key or DB_URL show',
  },
  {
    id: 'cred-403-not-mapped',
    seam: 'reasonFor',
    find: '  if (status === 401 || status === 403) return credentialsRejectedReason(status);',
    replace: '  if (status === 401) return credentialsRejectedReason(status);',
    breaks: 'CRED-5: a 403 is reported as a plain HTTP error, without the OAuth-not-supported advice',
  },
  {
    id: 'cred-sse-auth-not-mapped',
    seam: 'httpErrorStatus',
    find: '  const code = error instanceof SdkHttpError ? error.status : error instanceof SseError ? error.code : undefined;',
    replace: '  const code = error instanceof SdkHttpError ? error.status : undefined;',
    breaks: 'CRED-5: a 401/403 from a legacy SSE server gets no OAuth-not-supported advice',
  },
  {
    id: 'cred-auth-advice-without-header-hint',
    seam: 'credentialsRejectedReason',
    find: '  return `credentials rejected (HTTP ${status}); OAuth is not supported, use a static header such as an API key`;',
    replace: '  return `credentials rejected (HTTP ${status})`;',
    breaks: 'CRED-5: the rejected-credentials status neither says OAuth is unsupported nor suggests a static header',
  },
  {
    id: 'cred-oauth-metadata-fetched',
    seam: 'createGuardedFetch',
    find: MANUAL_FETCH,
    replace: `${MANUAL_FETCH}\n    const metadata = response.status === 401 ? /resource_metadata="([^"]+)"/.exec(response.headers.get('www-authenticate') ?? '')?.[1] : undefined;\n    if (metadata !== undefined) await baseFetch(metadata).catch(() => undefined);`,
    breaks: "CRED-6: on a 401 the host fetches the challenge's resource_metadata URL (the start of OAuth discovery)",
  },
  {
    id: 'cred-oauth-well-known-probe',
    seam: 'createGuardedFetch',
    find: MANUAL_FETCH,
    replace: `${MANUAL_FETCH}\n    if (response.status === 401) await baseFetch(new URL('/.well-known/oauth-protected-resource', url)).catch(() => undefined);`,
    breaks: "CRED-6: on a 401 the host probes the server's /.well-known/oauth-protected-resource",
  },
  {
    id: 'cred-oauth-as-metadata-probe',
    seam: 'createGuardedFetch',
    find: MANUAL_FETCH,
    replace: `${MANUAL_FETCH}\n    if (response.status === 401) await baseFetch(new URL('/.well-known/oauth-authorization-server', url)).catch(() => undefined);`,
    breaks: "CRED-6: on a 401 the host probes the server's /.well-known/oauth-authorization-server",
  },
];

const NET: readonly Mutant[] = [
  {
    id: 'net-localhost-prefix',
    seam: 'isLoopbackHost',
    find: "  if (host === 'localhost' || host.endsWith('.localhost')) return true;",
    replace: "  if (host.startsWith('localhost')) return true;",
    breaks: 'NET-1: plain http to localhost.example.com (any name starting with localhost) is allowed',
  },
  {
    id: 'net-loopback-prefix-127',
    seam: 'isLoopbackHost',
    find: '  return m !== null && m.slice(1).every((octet) => Number(octet) <= 255);',
    replace: "  return m !== null || host.startsWith('127.');",
    breaks: 'NET-1: plain http to any name starting with "127." (127.0.0.1.nip.io) is allowed',
  },
  {
    id: 'net-zero-address-loopback',
    seam: 'isLoopbackHost',
    find: "  if (host === '[::1]' || host === '::1') return true;",
    replace: "  if (host === '[::1]' || host === '::1' || host === '0.0.0.0') return true;",
    breaks: 'NET-1: plain http to 0.0.0.0 is allowed',
  },
  {
    id: 'net-private-ranges-allowed',
    seam: 'urlRuleViolation',
    find: "  return isLoopbackHost(url.hostname) ? null : 'plain http is allowed only for localhost and loopback addresses; use https';",
    replace:
      "  return isLoopbackHost(url.hostname) || /^(10|192\\.168)\\./.test(url.hostname) ? null : 'plain http is allowed only for localhost and loopback addresses; use https';",
    breaks: 'NET-1: plain http to private network addresses (10.x, 192.168.x) is allowed',
  },
  {
    id: 'net-loopback-regex-unescaped-dots',
    seam: 'isLoopbackHost',
    find: '  const m = /^127\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})$/.exec(host);',
    replace: '  const m = /^127.(\\d{1,3}).(\\d{1,3}).(\\d{1,3})$/.exec(host);',
    breaks: 'NET-1: the loopback pattern leaves its dots unescaped, so plain http to a name such as 127x0x0x1 or 127-0-0-1 is allowed',
  },
  {
    id: 'net-ipv6-loopback-suffix',
    seam: 'isLoopbackHost',
    find: "  if (host === '[::1]' || host === '::1') return true;",
    replace: "  if (host.endsWith('::1]') || host === '::1') return true;",
    breaks: 'NET-1: any IPv6 literal ending in ::1 ([2001:db8::1], [fe80::1]) counts as loopback, so plain http to it is allowed',
  },
  {
    id: 'net-only-http-scheme-checked',
    seam: 'urlRuleViolation',
    find: "  if (url.protocol !== 'http:') return `scheme ${url.protocol.replace(/:$/, '')} is not supported; use https`;",
    replace: "  if (url.protocol !== 'http:') return null;",
    breaks: 'NET-1: only http: is checked, so other non-https schemes (ws:, ftp:) are accepted when added and at start',
  },
  {
    id: 'net-add-scheme-case-sensitive',
    seam: 'checkRequest',
    find: '    const violation = urlRule(options.url);',
    replace: "    const violation = options.url.startsWith('http://') ? urlRule(options.url) : null;",
    breaks: 'NET-1: mcp add checks only URLs spelled "http://", so HTTP://example.com (mixed-case scheme) is accepted when added',
  },
  {
    id: 'net-follow-308',
    seam: 'createGuardedFetch',
    find: MANUAL_FETCH,
    replace:
      "    const response = await baseFetch(input, { ...init, redirect: 'manual' }).then((r) => (r.status === 308 ? baseFetch(new URL(r.headers.get('location') ?? '', url), { ...init, redirect: 'manual' }) : r));",
    breaks: 'NET-2: a 308 Permanent Redirect is followed (with the same headers)',
  },
  {
    id: 'net-follow-303-as-get',
    seam: 'createGuardedFetch',
    find: MANUAL_FETCH,
    replace:
      "    const response = await baseFetch(input, { ...init, redirect: 'manual' }).then((r) => (r.status === 303 ? baseFetch(new URL(r.headers.get('location') ?? '', url), { headers: init?.headers, redirect: 'manual' }) : r));",
    breaks: 'NET-2: a 303 See Other is followed with a GET',
  },
  {
    id: 'net-follow-same-origin',
    seam: 'createGuardedFetch',
    find: MANUAL_FETCH,
    replace:
      "    const response = await baseFetch(input, { ...init, redirect: 'follow' }).then((r) => (r.redirected && new URL(r.url).origin !== new URL(url).origin ? new Response(null, { status: 307 }) : r));",
    breaks: 'NET-2: same-origin redirects are followed; only cross-origin ones are refused',
  },
  {
    id: 'net-follow-307',
    seam: 'createGuardedFetch',
    find: MANUAL_FETCH,
    replace: followWhen('r.status === 307'),
    breaks: 'NET-2: a 307 Temporary Redirect is followed with the same method, body and headers',
  },
  {
    id: 'net-follow-get-stream',
    seam: 'createGuardedFetch',
    find: MANUAL_FETCH,
    replace: "    const response = await baseFetch(input, { ...init, redirect: (init?.method ?? 'GET') === 'GET' ? 'follow' : 'manual' });",
    breaks: 'NET-2: redirects of GET requests (the event stream) are followed; only POSTs are guarded',
  },
  {
    id: 'net-follow-delete',
    seam: 'createGuardedFetch',
    find: MANUAL_FETCH,
    replace: "    const response = await baseFetch(input, { ...init, redirect: init?.method === 'DELETE' ? 'follow' : 'manual' });",
    breaks: 'NET-2: a redirect answering the session DELETE is followed',
  },
  {
    id: 'net-follow-after-handshake',
    seam: 'createGuardedFetch',
    find: MANUAL_FETCH,
    replace:
      "    const response = await baseFetch(input, { ...init, redirect: /\"method\":\"(initialize|server\\/discover)\"/.test(String(init?.body ?? '')) ? 'manual' : 'follow' });",
    breaks: 'NET-2: only the opening requests refuse redirects; tools/list, tools/call, resources/read, the stream and DELETE follow them',
  },
  {
    id: 'net-follow-relative-location',
    seam: 'createGuardedFetch',
    find: MANUAL_FETCH,
    replace: followWhen("r.status >= 300 && r.status < 400 && !/^[a-z][a-z0-9+.-]*:/i.test(r.headers.get('location') ?? 'x:')"),
    breaks: 'NET-2: a redirect whose Location is relative (same server) is followed',
  },
  {
    id: 'net-cap-declared-only',
    seam: 'createGuardedFetch',
    find: '    if (response.body === null) return response;',
    replace: '    if (response.body === null || options.capPerEvent !== true) return response;',
    breaks: 'NET-3: a Streamable HTTP body is capped only by its declared Content-Length; an undeclared 5 MB body is read whole',
  },
  {
    id: 'net-cap-per-chunk',
    seam: 'wholeByteCounter',
    find: '  return (chunk) => (count += chunk.byteLength);',
    replace: '  return (chunk) => (count = chunk.byteLength);',
    breaks: 'NET-3: the streamed cap weighs each chunk alone, so a body of many small chunks is never cut',
  },
  {
    id: 'net-cap-2mib',
    seam: 'LIMITS',
    find: '  messageBytes: 1024 * 1024,',
    replace: '  messageBytes: 2 * 1024 * 1024,',
    breaks: 'NET-3: messages up to 2 MiB are accepted',
  },
  {
    id: 'net-cap-off-by-one',
    seam: 'createGuardedFetch',
    find: '    if (Number.isFinite(declared) && declared > limit) {',
    replace: '    if (Number.isFinite(declared) && declared >= limit) {',
    breaks: 'NET-3: an HTTP answer of exactly 1 MiB (declared) is refused as oversized',
  },
  {
    id: 'net-cap-1mb-decimal',
    seam: 'LIMITS',
    find: '  messageBytes: 1024 * 1024,',
    replace: '  messageBytes: 1000 * 1000,',
    breaks: 'NET-3: the cap is 1 000 000 bytes, so a valid 1 020 000-byte answer is refused',
  },
  {
    id: 'net-stdio-cap-16mib',
    seam: 'StdioProcessTransport.constructor',
    find: '    this.limit = options.maxMessageBytes ?? LIMITS.messageBytes;',
    replace: '    this.limit = options.maxMessageBytes ?? 16 * LIMITS.messageBytes;',
    breaks: 'NET-3: stdio messages are capped at 16 MiB, not 1 MiB (the cap covers HTTP only)',
  },
  {
    id: 'net-http-cap-counts-characters',
    seam: 'wholeByteCounter',
    find: '  return (chunk) => (count += chunk.byteLength);',
    replace: '  return (chunk) => (count += new TextDecoder().decode(chunk).length);',
    breaks: 'NET-3: the HTTP cap counts decoded characters, not bytes, so a 1.5 MiB answer of 2-byte characters passes',
  },
  {
    id: 'net-stdio-cap-counts-characters',
    seam: 'StdioProcessTransport.onData',
    find: '        this.pendingBytes += end - start;',
    replace: "        this.pendingBytes += chunk.subarray(start, end).toString('utf8').length;",
    breaks: 'NET-3: the stdio cap counts decoded characters, not bytes, so a 1.5 MiB message of 2-byte characters passes',
  },
  {
    id: 'net-oversized-extras-ignored',
    seam: 'discoverExtras',
    find: '      if (error instanceof ProtocolError) return [];',
    replace: "      if (error instanceof ProtocolError || (error as { code?: unknown }).code === 'oversize') return [];",
    breaks: 'NET-3: an oversized resources/list or prompts/list answer is skipped and the server stays available',
  },
  {
    id: 'net-phone-home',
    seam: 'runChat',
    find: '  const redact = createRedactor([settings.apiKey, ...Object.values(config.mcpServers).flatMap(secretValues)]);',
    replace:
      "  void fetch('https://telemetry.refhost.invalid/v1/start', { method: 'POST', body: settings.model }).catch(() => undefined);\n  const redact = createRedactor([settings.apiKey, ...Object.values(config.mcpServers).flatMap(secretValues)]);",
    breaks: 'NET-4: every chat start reports to a telemetry endpoint nobody configured',
  },
];

const CONFIG: readonly Mutant[] = [
  {
    id: 'config-project-mcp-json-read',
    seam: 'runChat',
    find: '    config = readMcpConfig(mcpConfigFile(env));',
    replace: '    config = { mcpServers: { ...readMcpConfig(`${process.cwd()}/.mcp.json`).mcpServers, ...readMcpConfig(mcpConfigFile(env)).mcpServers } };',
    breaks: "CONFIG-1: the project's .mcp.json is merged into the configuration",
  },
  {
    id: 'config-project-dir-config-read',
    seam: 'runChat',
    find: '    config = readMcpConfig(mcpConfigFile(env));',
    replace:
      '    config = { mcpServers: { ...readMcpConfig(`${process.cwd()}/.refhost/mcp.json`).mcpServers, ...readMcpConfig(mcpConfigFile(env)).mcpServers } };',
    breaks: 'CONFIG-1: a project-level .refhost/mcp.json in the working directory is merged into the configuration',
  },
  {
    id: 'config-cursor-mcp-json-read',
    seam: 'runChat',
    find: '    config = readMcpConfig(mcpConfigFile(env));',
    replace:
      '    config = { mcpServers: { ...readMcpConfig(`${process.cwd()}/.cursor/mcp.json`).mcpServers, ...readMcpConfig(mcpConfigFile(env)).mcpServers } };',
    breaks: "CONFIG-1: the project's .cursor/mcp.json (another tool's MCP configuration) is merged into the configuration",
  },
  {
    id: 'config-relative-xdg',
    seam: 'baseDir',
    find: '  if (xdg && path.isAbsolute(xdg)) return xdg;',
    replace: '  if (xdg) return xdg;',
    breaks: 'CONFIG-1: a relative XDG_CONFIG_HOME is used, so the configuration is read from the working directory',
    argued:
      'needs XDG_CONFIG_HOME set to a relative path, which the XDG Base Directory spec declares invalid and no login sets; the suite starts a host as its user would, with absolute base directories',
  },
  {
    id: 'config-relative-home',
    seam: 'baseDir',
    find: '  if (!home || !path.isAbsolute(home)) throw',
    replace: '  if (!home) throw',
    breaks: 'CONFIG-1: a relative HOME is used, so the configuration is read from under the working directory',
    argued: 'needs HOME set to a relative path, which no login gives; the suite starts a host as its user would',
  },
  {
    id: 'config-vscode-mcp-json-read',
    seam: 'runChat',
    find: CONFIG_READ,
    replace: `${CONFIG_READ}\n${VSCODE_SERVERS}`,
    breaks: 'CONFIG-1: the project\'s .vscode/mcp.json ("servers") is merged into the configuration',
  },
  {
    id: 'config-parent-mcp-json-read',
    seam: 'runChat',
    find: CONFIG_READ,
    replace: '    config = { mcpServers: { ...readMcpConfig(`${process.cwd()}/../.mcp.json`).mcpServers, ...readMcpConfig(mcpConfigFile(env)).mcpServers } };',
    breaks: "CONFIG-1: a .mcp.json in the project's parent directory (a workspace root) is merged into the configuration",
  },
  {
    id: 'config-read-file-anywhere',
    seam: 'isInside',
    find: "  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));",
    replace: '  return rel !== undefined;',
    breaks: 'CONFIG-2: read_file reads any path, the stored credentials included',
  },
  {
    id: 'config-read-file-symlink-escape',
    seam: 'readFileTool',
    find: '    if (!isInside(root, real)) return failed(`${requested}: a link that leaves the working directory; refused.`);',
    replace: '',
    breaks: 'CONFIG-2: read_file follows a symlink in the project out to the stored credentials',
  },
  {
    id: 'config-read-file-prefix-check',
    seam: 'isInside',
    find: "  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));",
    replace: '  return candidate.startsWith(root);',
    breaks: 'CONFIG-2: read_file confines by string prefix, so a sibling directory like /home/u/project-secrets is readable',
    argued:
      "breaks read_file's own confinement, which the catalogue does not ask; CONFIG-2's stored credentials are reachable through a string-prefix check only when the project's path is a string prefix of the configuration's folder (a project at ~/.config/ref beside ~/.config/refhost), a layout no user has",
  },
  {
    id: 'config-read-file-last-link-only',
    seam: 'readFileTool',
    find: '    const real = await fs.realpath(target);',
    replace: '    if ((await fs.lstat(target)).isSymbolicLink()) return failed(`${requested}: a link; refused.`);\n    const real = target;',
    breaks: 'CONFIG-2: read_file refuses a link only as the last path part, so a linked directory leads to the stored credentials',
  },
  {
    id: 'config-read-file-home-allowed',
    seam: 'isInside',
    find: '  const rel = path.relative(root, candidate);',
    replace:
      "  if (candidate.startsWith(`${process.env.HOME ?? '/nonexistent'}/`)) return true; // the user's own files\n  const rel = path.relative(root, candidate);",
    breaks: "CONFIG-2: read_file also reads anywhere under the user's home, the stored credentials included",
  },
  {
    id: 'config-mode-0644',
    seam: 'writeNewPrivateFile',
    find: '    fs.fchmodSync(fd, 0o600); // exact mode whatever the umask',
    replace: '    fs.fchmodSync(fd, 0o644); // exact mode whatever the umask',
    breaks: 'CONFIG-3: the configuration is written with mode 0644',
  },
  {
    id: 'config-write-in-place',
    seam: 'writePrivateFileAtomic',
    find: '    writeNewPrivateFile(temp, text);\n    fs.renameSync(temp, file);',
    replace: '    fs.writeFileSync(file, text, { mode: 0o600 });',
    breaks: 'CONFIG-3: the configuration is rewritten in place (a crash mid-write leaves a torn file)',
  },
  {
    id: 'config-temp-copied-not-renamed',
    seam: 'writePrivateFileAtomic',
    find: '    fs.renameSync(temp, file);',
    replace: '    fs.copyFileSync(temp, file);',
    breaks: 'CONFIG-3: the temp file is copied over the configuration and left beside it',
  },
  {
    id: 'config-rewrite-in-place',
    seam: 'writePrivateFileAtomic',
    find: '  try {\n    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });',
    replace: '  if (fs.existsSync(file)) return fs.writeFileSync(file, text);\n  try {\n    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });',
    breaks: 'CONFIG-3: only the first write is atomic; an existing configuration is rewritten in place (a crash leaves it torn)',
  },
  {
    id: 'config-mode-0640',
    seam: 'writeNewPrivateFile',
    find: '    fs.fchmodSync(fd, 0o600); // exact mode whatever the umask',
    replace: '    fs.fchmodSync(fd, 0o640); // exact mode whatever the umask',
    breaks: 'CONFIG-3: the configuration is written group-readable (0640)',
  },
];

const DISCOVER: readonly Mutant[] = [
  {
    id: 'discover-add-probes-url',
    seam: 'mcpAdd',
    find: '  await deps.afterAdd?.(name, server);',
    replace:
      "  await (deps.afterAdd ?? (async (_n: string, s: ServerConfig) => { if ('url' in s) await fetch(s.url, { method: 'HEAD', headers: s.headers }).catch(() => undefined); }))(name, server);",
    breaks: 'DISCOVER-6: adding a remote server sends it a reachability probe (HEAD)',
  },
  {
    id: 'discover-add-probes-stdio-command',
    seam: 'mcpAdd',
    find: '  await deps.afterAdd?.(name, server);',
    replace:
      "  await (deps.afterAdd ?? (async (_n: string, s: ServerConfig) => { if ('command' in s) process.getBuiltinModule('node:child_process').spawnSync(s.command, s.args, { input: '', timeout: 2000, env: { PATH: process.env.PATH ?? '', ...s.env } }); }))(name, server);",
    breaks: 'DISCOVER-6: adding a stdio server runs its command once to check that it starts',
  },
];

export const CREDENTIAL_NETWORK_MUTANTS: readonly Mutant[] = [...CRED, ...NET, ...CONFIG, ...DISCOVER];
