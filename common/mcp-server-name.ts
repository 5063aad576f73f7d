// The portable MCP server name (EXPOSE-1): server names become part of the tool names a host
// exposes to the model, so the charset is narrow. One home for the reference host's
// configuration and the fake servers' fixtures, which depend on neither each other.
export const SERVER_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/;
