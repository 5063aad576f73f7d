// Faults for the EXPOSE, LIMIT, INJECT, REPLAY scenarios.
import type { Fault } from './fault-kit.js';

export const EXPOSURE_LIMIT_FAULTS: Readonly<Record<string, Fault>> = {};
