// NET-1: remote URLs must be https; plain http only for localhost and loopback.
// Checked when a server is added and again at every start.

// seam: urlRuleViolation
/** Returns null when the URL is allowed, else a reason naming what is wrong. */
export function urlRuleViolation(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not a valid URL';
  }
  if (url.username || url.password) return 'URLs with embedded credentials are not allowed; use a header';
  if (url.protocol === 'https:') return null;
  if (url.protocol !== 'http:') return `scheme ${url.protocol.replace(/:$/, '')} is not supported; use https`;
  return isLoopbackHost(url.hostname) ? null : 'plain http is allowed only for localhost and loopback addresses; use https';
}

// seam: isLoopbackHost
/** localhost, 127.0.0.0/8 and [::1]. `hostname` is as URL reports it (IPv6 in brackets). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '[::1]' || host === '::1') return true;
  const m = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  return m !== null && m.slice(1).every((octet) => Number(octet) <= 255);
}
