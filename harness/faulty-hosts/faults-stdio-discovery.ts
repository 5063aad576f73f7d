// Faults for the STDIO, DISCOVER, TRANSPORT scenarios.
import type { Fault } from './fault-kit.js';

export const STDIO_DISCOVERY_FAULTS: Readonly<Record<string, Fault>> = {};
