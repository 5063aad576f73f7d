// TELEMETRY-1..2: one JSON line per MCP action in telemetry.jsonl (mode 0600): who was
// called (server, original tool name, offered name), how it ended and how long it took,
// and sizes only. Argument values, URIs, result text and credentials never reach the
// file: the record is built from the fields below and nothing else.
import fs from 'node:fs';
import path from 'node:path';
import type { CallStatus } from '../mcp/types.js';

/** What the pipeline knows about a finished action (raw; the recorder keeps only safe parts). */
export interface TelemetryEntry {
  time: Date;
  server: string;
  /** The tool's original name ("resources/read" for a resource read). */
  tool: string;
  offeredName: string;
  status: CallStatus;
  latencyMs: number;
  args: Record<string, unknown>;
  output: string;
}

export interface TelemetryRecord {
  time: string;
  server: string;
  tool: string;
  offeredName: string;
  status: CallStatus;
  latencyMs: number;
  argumentBytes: number;
  resultBytes: number;
}

export interface TelemetryRecorder {
  record(entry: TelemetryEntry): void;
  close(): void;
}

// seam: telemetryRecord
export function telemetryRecord(entry: TelemetryEntry): TelemetryRecord {
  return {
    time: entry.time.toISOString(),
    server: entry.server,
    tool: entry.tool,
    offeredName: entry.offeredName,
    status: entry.status,
    latencyMs: entry.latencyMs,
    argumentBytes: Buffer.byteLength(JSON.stringify(entry.args), 'utf8'),
    resultBytes: Buffer.byteLength(entry.output, 'utf8'),
  };
}

export interface JsonLinesFile {
  append(line: object): void;
  close(): void;
}

/** Opens `file` for appending, mode 0600 (directory 0700 when created), before any action runs. */
export function openPrivateJsonLines(file: string): JsonLinesFile {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const fd = fs.openSync(file, 'a', 0o600);
  fs.fchmodSync(fd, 0o600); // exact mode whatever the umask or an older file's mode
  return {
    append: (line) => void fs.writeSync(fd, `${JSON.stringify(line)}\n`),
    close: () => fs.closeSync(fd),
  };
}

export function openTelemetryLog(file: string): TelemetryRecorder {
  const out = openPrivateJsonLines(file);
  return { record: (entry) => out.append(telemetryRecord(entry)), close: () => out.close() };
}
