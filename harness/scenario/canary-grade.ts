// CRED-2, CRED-3, STDIO-3, CONFIG-1, NET-1: the one grading rule behind every canary check.
// A sighting outside a canary's allowed channels in the place looked at is a leak (FAIL, in
// any form). Without a leak the verdict needs two preconditions, else "not reached": the basis
// (a canary was used: seen at its home, its own server or the host's process; or, for a value
// never meant to be used, the host ran: its process was seen holding its own secrets), and
// the place scanned in full.
import type { Evidence } from '../report/schema.js';
import { describeForm, type CanarySighting } from '../sandbox/canaries.js';
import { fail, note, notReached, pass } from './evidence.js';
import type { Observations } from './observations.js';
import type { Grade } from './scenario-schema.js';

/** A place a credential must never reach: a name for the report and which scan channels it covers. */
export interface Place {
  name: string;
  covers: (channel: string) => boolean;
}

export const ANYWHERE: Place = { name: 'places where it is not allowed', covers: () => true };

const sightingNote = (s: CanarySighting): string => `${s.canary} in ${s.source} (${describeForm(s)})`;

/** What must have happened for an absence to mean anything. */
export type CanaryBasis = 'used' | 'host-ran';

export function canaryGrade(label: string, place: Place, basis: CanaryBasis): (obs: Observations) => Grade {
  return (obs) => {
    // An empty label means every credential; a marker is graded only by the check naming it.
    const relevant = obs.canaries.filter((c) => c.label.includes(label) && (label !== '' || c.marker !== true));
    if (relevant.length === 0) return notReached(`no credential canary matching "${label}" was configured`, obs);
    const labels = new Set(relevant.map((c) => c.label));
    const leaks = obs.canarySightings.filter((s) => !s.allowed && labels.has(s.canary) && place.covers(s.channel));
    const evidence: Evidence[] = leaks.map((s) => note(s.excerpt, sightingNote(s)));
    if (leaks.length > 0) return fail(`leaked into ${place.name}: ${leaks.map(sightingNote).join('; ')}`, evidence);
    const seenAtHome = (home: string | null, canary: string): boolean =>
      home !== null && obs.canarySightings.some((s) => s.canary === canary && s.channel === home);
    const used = relevant.filter((c) => seenAtHome(c.home, c.label));
    if (basis === 'used' && used.length === 0) {
      const homes = [...new Set(relevant.map((c) => c.home ?? 'nowhere'))].join(', ');
      return notReached(`no canary matching "${label}" was ever seen where it is used (${homes})`, obs);
    }
    if (basis === 'host-ran' && !obs.canarySightings.some((s) => s.allowed && s.channel === 'process:host')) {
      return notReached("the host's process was never seen by the scan (its environment holds the host's own secret canaries)", obs);
    }
    const gaps = obs.canaryGaps.filter((g) => place.covers(g.channel));
    if (gaps.length > 0) return notReached(`${place.name} could not be scanned in full: ${gaps.map((g) => g.why).join('; ')}`, obs);
    const unused = basis === 'used' ? relevant.filter((c) => !used.includes(c)).map((c) => c.label) : [];
    const allowedAt = [...new Set(obs.canarySightings.filter((s) => labels.has(s.canary)).map((s) => s.channel))];
    return pass(
      `${relevant.map((c) => c.label).join(', ')}: not in ${place.name}; seen only where allowed (${allowedAt.join(', ')})` +
        (unused.length > 0 ? `; never seen where used: ${unused.join(', ')}` : ''),
    );
  };
}
