// Source mutants of refhost for CRED, NET and CONFIG (issue 13): one-line bugs a host developer
// would plausibly write, each breaking exactly one guarantee.
import type { Mutant } from './mutant-build.js';

const MANUAL_FETCH = "    const response = await baseFetch(input, { ...init, redirect: 'manual' });";
const SHOW_HIDDEN = '  const show = deps.showValue ?? ((): string => HIDDEN_VALUE);';

const CRED: readonly Mutant[] = [
  {
    id: 'cred-typed-value-echoed',
    file: 'ui/secret-input.ts',
    find: '      buffer = buffer.slice(newline + 1);\n      finish((p) => p.resolve(line));',
    replace: '      buffer = buffer.slice(newline + 1);\n      output.write(line);\n      finish((p) => p.resolve(line));',
    breaks: 'CRED-1: a value typed at the add prompt is echoed when stdin is not a terminal',
  },
  {
    id: 'cred-shared-header-object',
    file: 'mcp/http-transport.ts',
    find: 'export function createHttpTransport(url: string, headers: Record<string, string>, guardedFetch: FetchLike): StreamableHTTPClientTransport {\n  return new StreamableHTTPClientTransport(new URL(url), {\n    requestInit: { headers: { ...headers } },',
    replace:
      'const SHARED_HEADERS: Record<string, string> = {};\nexport function createHttpTransport(url: string, headers: Record<string, string>, guardedFetch: FetchLike): StreamableHTTPClientTransport {\n  return new StreamableHTTPClientTransport(new URL(url), {\n    requestInit: { headers: Object.assign(SHARED_HEADERS, headers) },',
    breaks: "CRED-2: one shared headers object collects every server's headers, so each server gets the others' credentials",
  },
  {
    id: 'cred-shared-stdio-env',
    file: 'mcp/stdio-transport.ts',
    find: 'export function buildStdioEnv(hostEnv: NodeJS.ProcessEnv, configured: Record<string, string>): Record<string, string> {\n  const env: Record<string, string> = {};',
    replace:
      'const SHARED_ENV: Record<string, string> = {};\nexport function buildStdioEnv(hostEnv: NodeJS.ProcessEnv, configured: Record<string, string>): Record<string, string> {\n  const env: Record<string, string> = Object.assign(SHARED_ENV, configured);',
    breaks: "CRED-2: one shared environment object collects every stdio server's variables, so each server gets the others' tokens",
  },
  {
    id: 'cred-redact-min-length-40',
    file: 'chat/redaction.ts',
    find: 'const MIN_SECRET_LENGTH = 4;',
    replace: 'const MIN_SECRET_LENGTH = 40;',
    breaks: 'CRED-3: the screen/session/model mask ignores values shorter than 40 characters (the API key among them)',
  },
  {
    id: 'cred-redact-no-token-variant',
    file: 'mcp/redact.ts',
    find: '  return token === undefined ? [secret] : [secret, token];',
    replace: '  return [secret];',
    breaks: 'CRED-3: the token of a "Bearer TOKEN" header is masked only together with its scheme, so an echoed bare token shows',
  },
  {
    id: 'cred-redact-env-values-missed',
    file: 'config/schema.ts',
    find: '  const values = isHttpServer(config) ? Object.values(config.headers) : Object.values(config.env);',
    replace: '  const values = isHttpServer(config) ? Object.values(config.headers) : [];',
    breaks: 'CRED-3: stdio env values are never masked, so a server echoing its token puts it on screen and in the session',
  },
  {
    id: 'cred-session-unmasked',
    file: 'chat/conversation.ts',
    find: '    this.sink?.append(mcp === undefined ? kept : { ...kept, mcp });',
    replace: '    this.sink?.append(mcp === undefined ? item : { ...item, mcp });',
    breaks: 'CRED-3: session files record items before masking, so an echoed credential is saved',
  },
  {
    id: 'cred-fatal-error-unmasked',
    file: 'chat/run-chat.ts',
    find: '    if (!fatal) plainWrite(redact(errorLine(`fatal error: ${message(error)}`)));',
    replace: '    if (!fatal) plainWrite(errorLine(`fatal error: ${message(error)}`));',
    breaks: 'CRED-3: a fatal error message is printed unmasked',
  },
  {
    id: 'cred-add-error-shows-values',
    file: 'cli/mcp-add.ts',
    find: '  if (!next.success) throw new CliError(`cannot add server ${name}: ${describeIssues(next.error.issues)}`);',
    replace:
      '  if (!next.success) throw new CliError(`cannot add server ${name}: ${describeIssues(next.error.issues)} (values given: ${JSON.stringify(values)})`);',
    breaks: 'CRED-3: a refused add prints the typed values in its error',
  },
  {
    id: 'cred-list-last-four',
    file: 'cli/mcp-list.ts',
    find: SHOW_HIDDEN,
    replace: '  const show = deps.showValue ?? ((value: string): string => `****${value.slice(-4)}`);',
    breaks: 'CRED-4: listing shows the last four characters of each value',
  },
  {
    id: 'cred-list-first-six',
    file: 'cli/mcp-list.ts',
    find: SHOW_HIDDEN,
    replace: '  const show = deps.showValue ?? ((value: string): string => `${value.slice(0, 6)}…`);',
    breaks: 'CRED-4: listing shows the first six characters of each value',
  },
  {
    id: 'cred-list-env-shown',
    file: 'cli/mcp-list.ts',
    find: "    const secrets = values.length > 0 ? `  ${label}: ${values.map(([n, v]) => `${n}=${show(v)}`).join(', ')}` : '';",
    replace: "    const secrets = values.length > 0 ? `  ${label}: ${values.map(([n, v]) => `${n}=${label === 'env' ? v : show(v)}`).join(', ')}` : '';",
    breaks: 'CRED-4: listing hides header values but shows environment values',
  },
  {
    id: 'cred-403-not-mapped',
    file: 'mcp/connect-errors.ts',
    find: '  if (status === 401 || status === 403) return credentialsRejectedReason(status);',
    replace: '  if (status === 401) return credentialsRejectedReason(status);',
    breaks: 'CRED-5: a 403 is reported as a plain HTTP error, without the OAuth-not-supported advice',
  },
  {
    id: 'cred-sse-auth-not-mapped',
    file: 'mcp/http-transport.ts',
    find: '  const code = error instanceof SdkHttpError ? error.status : error instanceof SseError ? error.code : undefined;',
    replace: '  const code = error instanceof SdkHttpError ? error.status : undefined;',
    breaks: 'CRED-5: a 401/403 from a legacy SSE server gets no OAuth-not-supported advice',
  },
  {
    id: 'cred-auth-advice-without-header-hint',
    file: 'mcp/http-transport.ts',
    find: '  return `credentials rejected (HTTP ${status}); OAuth is not supported, use a static header such as an API key`;',
    replace: '  return `credentials rejected (HTTP ${status})`;',
    breaks: 'CRED-5: the rejected-credentials status neither says OAuth is unsupported nor suggests a static header',
  },
  {
    id: 'cred-oauth-metadata-fetched',
    file: 'mcp/guarded-fetch.ts',
    find: MANUAL_FETCH,
    replace: `${MANUAL_FETCH}\n    const metadata = response.status === 401 ? /resource_metadata="([^"]+)"/.exec(response.headers.get('www-authenticate') ?? '')?.[1] : undefined;\n    if (metadata !== undefined) await baseFetch(metadata).catch(() => undefined);`,
    breaks: "CRED-6: on a 401 the host fetches the challenge's resource_metadata URL (the start of OAuth discovery)",
  },
  {
    id: 'cred-oauth-well-known-probe',
    file: 'mcp/guarded-fetch.ts',
    find: MANUAL_FETCH,
    replace: `${MANUAL_FETCH}\n    if (response.status === 401) await baseFetch(new URL('/.well-known/oauth-protected-resource', url)).catch(() => undefined);`,
    breaks: "CRED-6: on a 401 the host probes the server's /.well-known/oauth-protected-resource",
  },
];

const NET: readonly Mutant[] = [
  {
    id: 'net-localhost-prefix',
    file: 'config/url-rule.ts',
    find: "  if (host === 'localhost' || host.endsWith('.localhost')) return true;",
    replace: "  if (host.startsWith('localhost')) return true;",
    breaks: 'NET-1: plain http to localhost.example.com (any name starting with localhost) is allowed',
  },
  {
    id: 'net-loopback-prefix-127',
    file: 'config/url-rule.ts',
    find: '  return m !== null && m.slice(1).every((octet) => Number(octet) <= 255);',
    replace: "  return m !== null || host.startsWith('127.');",
    breaks: 'NET-1: plain http to any name starting with "127." (127.0.0.1.nip.io) is allowed',
  },
  {
    id: 'net-zero-address-loopback',
    file: 'config/url-rule.ts',
    find: "  if (host === '[::1]' || host === '::1') return true;",
    replace: "  if (host === '[::1]' || host === '::1' || host === '0.0.0.0') return true;",
    breaks: 'NET-1: plain http to 0.0.0.0 is allowed',
  },
  {
    id: 'net-private-ranges-allowed',
    file: 'config/url-rule.ts',
    find: "  return isLoopbackHost(url.hostname) ? null : 'plain http is allowed only for localhost and loopback addresses; use https';",
    replace:
      "  return isLoopbackHost(url.hostname) || /^(10|192\\.168)\\./.test(url.hostname) ? null : 'plain http is allowed only for localhost and loopback addresses; use https';",
    breaks: 'NET-1: plain http to private network addresses (10.x, 192.168.x) is allowed',
  },
  {
    id: 'net-follow-308',
    file: 'mcp/guarded-fetch.ts',
    find: MANUAL_FETCH,
    replace:
      "    const response = await baseFetch(input, { ...init, redirect: 'manual' }).then((r) => (r.status === 308 ? baseFetch(new URL(r.headers.get('location') ?? '', url), { ...init, redirect: 'manual' }) : r));",
    breaks: 'NET-2: a 308 Permanent Redirect is followed (with the same headers)',
  },
  {
    id: 'net-follow-303-as-get',
    file: 'mcp/guarded-fetch.ts',
    find: MANUAL_FETCH,
    replace:
      "    const response = await baseFetch(input, { ...init, redirect: 'manual' }).then((r) => (r.status === 303 ? baseFetch(new URL(r.headers.get('location') ?? '', url), { headers: init?.headers, redirect: 'manual' }) : r));",
    breaks: 'NET-2: a 303 See Other is followed with a GET',
  },
  {
    id: 'net-follow-same-origin',
    file: 'mcp/guarded-fetch.ts',
    find: MANUAL_FETCH,
    replace:
      "    const response = await baseFetch(input, { ...init, redirect: 'follow' }).then((r) => (r.redirected && new URL(r.url).origin !== new URL(url).origin ? new Response(null, { status: 307 }) : r));",
    breaks: 'NET-2: same-origin redirects are followed; only cross-origin ones are refused',
  },
  {
    id: 'net-cap-declared-only',
    file: 'mcp/guarded-fetch.ts',
    find: '    if (response.body === null) return response;',
    replace: '    if (response.body === null || options.capPerEvent !== true) return response;',
    breaks: 'NET-3: a Streamable HTTP body is capped only by its declared Content-Length; an undeclared 5 MB body is read whole',
  },
  {
    id: 'net-cap-per-chunk',
    file: 'mcp/guarded-fetch.ts',
    find: '  return (chunk) => (count += chunk.byteLength);',
    replace: '  return (chunk) => (count = chunk.byteLength);',
    breaks: 'NET-3: the streamed cap weighs each chunk alone, so a body of many small chunks is never cut',
  },
  {
    id: 'net-cap-2mib',
    file: 'mcp/errors.ts',
    find: '  messageBytes: 1024 * 1024,',
    replace: '  messageBytes: 2 * 1024 * 1024,',
    breaks: 'NET-3: messages up to 2 MiB are accepted',
  },
  {
    id: 'net-cap-off-by-one',
    file: 'mcp/guarded-fetch.ts',
    find: '    if (Number.isFinite(declared) && declared > limit) {',
    replace: '    if (Number.isFinite(declared) && declared >= limit) {',
    breaks: 'NET-3: an HTTP answer of exactly 1 MiB (declared) is refused as oversized',
  },
  {
    id: 'net-cap-1mb-decimal',
    file: 'mcp/errors.ts',
    find: '  messageBytes: 1024 * 1024,',
    replace: '  messageBytes: 1000 * 1000,',
    breaks: 'NET-3: the cap is 1 000 000 bytes, so a valid 1 020 000-byte answer is refused',
  },
  {
    id: 'net-stdio-cap-16mib',
    file: 'mcp/stdio-transport.ts',
    find: '    this.limit = options.maxMessageBytes ?? LIMITS.messageBytes;',
    replace: '    this.limit = options.maxMessageBytes ?? 16 * LIMITS.messageBytes;',
    breaks: 'NET-3: stdio messages are capped at 16 MiB, not 1 MiB (the cap covers HTTP only)',
  },
  {
    id: 'net-sse-event-cap-per-line',
    file: 'mcp/guarded-fetch.ts',
    find: '        if (lineStart) count = 0;',
    replace: '        count = 0;',
    breaks: 'NET-3: the SSE cap restarts at every line, so a 5 MB event of many data: lines passes',
  },
  {
    id: 'net-phone-home',
    file: 'chat/run-chat.ts',
    find: '  const redact = createRedactor([settings.apiKey, ...Object.values(config.mcpServers).flatMap(secretValues)]);',
    replace:
      "  void fetch('https://telemetry.refhost.invalid/v1/start', { method: 'POST', body: settings.model }).catch(() => undefined);\n  const redact = createRedactor([settings.apiKey, ...Object.values(config.mcpServers).flatMap(secretValues)]);",
    breaks: 'NET-4: every chat start reports to a telemetry endpoint nobody configured',
  },
];

const CONFIG: readonly Mutant[] = [
  {
    id: 'config-project-mcp-json-read',
    file: 'chat/run-chat.ts',
    find: '    config = readMcpConfig(mcpConfigFile(env));',
    replace: '    config = { mcpServers: { ...readMcpConfig(`${process.cwd()}/.mcp.json`).mcpServers, ...readMcpConfig(mcpConfigFile(env)).mcpServers } };',
    breaks: "CONFIG-1: the project's .mcp.json is merged into the configuration",
  },
  {
    id: 'config-project-dir-config-read',
    file: 'chat/run-chat.ts',
    find: '    config = readMcpConfig(mcpConfigFile(env));',
    replace:
      '    config = { mcpServers: { ...readMcpConfig(`${process.cwd()}/.refhost/mcp.json`).mcpServers, ...readMcpConfig(mcpConfigFile(env)).mcpServers } };',
    breaks: 'CONFIG-1: a project-level .refhost/mcp.json in the working directory is merged into the configuration',
  },
  {
    id: 'config-cursor-mcp-json-read',
    file: 'chat/run-chat.ts',
    find: '    config = readMcpConfig(mcpConfigFile(env));',
    replace:
      '    config = { mcpServers: { ...readMcpConfig(`${process.cwd()}/.cursor/mcp.json`).mcpServers, ...readMcpConfig(mcpConfigFile(env)).mcpServers } };',
    breaks: "CONFIG-1: the project's .cursor/mcp.json (another tool's MCP configuration) is merged into the configuration",
  },
  {
    id: 'config-relative-xdg',
    file: 'config/paths.ts',
    find: '  if (xdg && path.isAbsolute(xdg)) return xdg;',
    replace: '  if (xdg) return xdg;',
    breaks: 'CONFIG-1: a relative XDG_CONFIG_HOME is used, so the configuration is read from the working directory',
  },
  {
    id: 'config-read-file-anywhere',
    file: 'tools/read-file.ts',
    find: "  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));",
    replace: '  return rel !== undefined;',
    breaks: 'CONFIG-2: read_file reads any path, the stored credentials included',
  },
  {
    id: 'config-read-file-symlink-escape',
    file: 'tools/read-file.ts',
    find: '    if (!isInside(root, real)) return failed(`${requested}: a link that leaves the working directory; refused.`);',
    replace: '',
    breaks: 'CONFIG-2: read_file follows a symlink in the project out to the stored credentials',
  },
  {
    id: 'config-read-file-prefix-check',
    file: 'tools/read-file.ts',
    find: "  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));",
    replace: '  return candidate.startsWith(root);',
    breaks: 'CONFIG-2: read_file confines by string prefix, so a sibling directory like /home/u/project-secrets is readable',
  },
  {
    id: 'config-mode-0644',
    file: 'config/private-file.ts',
    find: '    fs.fchmodSync(fd, 0o600); // exact mode whatever the umask',
    replace: '    fs.fchmodSync(fd, 0o644); // exact mode whatever the umask',
    breaks: 'CONFIG-3: the configuration is written with mode 0644',
  },
  {
    id: 'config-write-in-place',
    file: 'config/private-file.ts',
    find: '    writeNewPrivateFile(temp, text);\n    fs.renameSync(temp, file);',
    replace: '    fs.writeFileSync(file, text, { mode: 0o600 });',
    breaks: 'CONFIG-3: the configuration is rewritten in place (a crash mid-write leaves a torn file)',
  },
  {
    id: 'config-temp-copied-not-renamed',
    file: 'config/private-file.ts',
    find: '    fs.renameSync(temp, file);',
    replace: '    fs.copyFileSync(temp, file);',
    breaks: 'CONFIG-3: the temp file is copied over the configuration and left beside it',
  },
];

export const CREDENTIAL_NETWORK_MUTANTS: readonly Mutant[] = [...CRED, ...NET, ...CONFIG];
