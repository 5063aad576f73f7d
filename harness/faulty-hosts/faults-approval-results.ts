// Faults for the APPROVE, RESULT, UNKNOWN scenarios.
import type { Fault } from './fault-kit.js';

export const APPROVAL_RESULT_FAULTS: Readonly<Record<string, Fault>> = {};
