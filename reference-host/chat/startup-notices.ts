// The lines refhost prints after discovery and before the banner about the tools it found:
// instruction-like definitions (INJECT-3) and definitions that changed since the user last
// saw them, a "rug pull" (INJECT-4). Flagging never blocks a tool: every call still needs
// its own approval (APPROVE-1); the lines tell the user what to look at before approving.
import { pinsFile } from '../config/paths.js';
import { definitionTexts, isInstructionLike } from '../mcp/instruction-like.js';
import { comparePins, readPins, writePins, type Pins } from '../mcp/tool-pins.js';
import type { McpTool } from '../mcp/types.js';
import { changedFlagLine, errorLine, instructionFlagLine } from '../ui/screen-text.js';
import type { FlagLines } from './dialect.js';

const REFERENCE_FLAGS: FlagLines = { instructionFlagLine, changedFlagLine };

/** Where the pins are kept; the suite's faulty hosts swap it to break INJECT-4. */
export interface PinStore {
  read(): Pins;
  write(pins: Pins): void;
}

export function filePinStore(file: string): PinStore {
  return { read: () => readPins(file), write: (pins) => writePins(file, pins) };
}

// seam: instructionNotices
/** INJECT-3: one line per tool whose description (or schema text) reads like instructions. */
export function instructionNotices(tools: readonly McpTool[], flags: FlagLines = REFERENCE_FLAGS): string[] {
  return tools
    .filter((tool) => definitionTexts(tool.serverDescription ?? tool.description, tool.parameters).some(isInstructionLike))
    .map((tool) => flags.instructionFlagLine(tool.server, tool.originalName));
}

// seam: changeNotices
/**
 * INJECT-4: one line per tool whose definition differs from its pin, then the pins are
 * updated (the user has now been told). A pin file that cannot be read or written is
 * reported and start-up goes on: the chat itself does not depend on it.
 */
export function changeNotices(tools: readonly McpTool[], store: PinStore, flags: FlagLines = REFERENCE_FLAGS): string[] {
  let pins: Pins;
  try {
    pins = store.read();
  } catch (error) {
    return [errorLine(`${(error as Error).message}; changed tools cannot be detected this time`)];
  }
  const { changed, next } = comparePins(pins, tools);
  const lines = changed.map((tool) => flags.changedFlagLine(tool.server, tool.originalName));
  try {
    store.write(next);
  } catch (error) {
    lines.push(errorLine((error as Error).message));
  }
  return lines;
}

/** Every start-up notice, in the order printed. */
export function startupNotices(tools: readonly McpTool[], env: NodeJS.ProcessEnv, flags: FlagLines = REFERENCE_FLAGS): string[] {
  return [...changeNotices(tools, filePinStore(pinsFile(env)), flags), ...instructionNotices(tools, flags)];
}
