// Faults for the CRED, NET, CONFIG, DISCOVER-6 scenarios.
import type { Fault } from './fault-kit.js';

export const CREDENTIAL_NETWORK_FAULTS: Readonly<Record<string, Fault>> = {};
