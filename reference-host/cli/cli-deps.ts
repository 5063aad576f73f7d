// Injection seams of the mcp commands, used ONLY by the suite's deliberately faulty hosts
// (and tests), like ChatDeps for the chat. refhost's own entry passes none; no environment
// variable or flag reaches them.
import type { McpConfig, ServerConfig } from '../config/schema.js';

export interface CliDeps {
  /** The NET-1 rule applied when adding (default urlRuleViolation). */
  urlRuleViolation?: (url: string) => string | null;
  /** Stores the configuration (default writeMcpConfig: atomic, 0600). */
  writeConfig?: (file: string, config: McpConfig) => void;
  /** Runs once a server has been added (default: nothing; adding never connects). */
  afterAdd?: (name: string, server: ServerConfig) => Promise<void>;
  /** How `mcp list` shows a header or environment value (default: always hidden). */
  showValue?: (value: string) => string;
}
