// CRED-3: canaries in text that arrives in pieces (a host's output, a file read in chunks),
// whatever its length: each chunk is searched with the end of the previous one, so a value
// split across chunks is found, and nothing but a short overlap is kept.
import type { CanaryMatcher } from './canary-forms.js';
import { sightingsIn, type Canary, type Channel, type RawSighting } from './canaries.js';

export class StreamSightings {
  #carry = '';
  readonly #found = new Map<string, RawSighting>();

  constructor(
    private readonly matcher: CanaryMatcher,
    private readonly canaries: readonly Pick<Canary, 'label'>[],
    private readonly channel: Channel,
    private readonly source: string,
  ) {}

  write(chunk: string): void {
    const text = this.#carry + chunk;
    for (const s of sightingsIn(this.matcher, this.canaries, this.channel, this.source, text)) {
      const key = `${s.canary}\0${s.form}`;
      const known = this.#found.get(key);
      if (known === undefined || (s.whole && !known.whole)) this.#found.set(key, s);
    }
    // A needle that did not fit yet starts within the last `reach` characters.
    this.#carry = text.slice(-this.matcher.reach);
  }

  sightings(): RawSighting[] {
    return [...this.#found.values()];
  }
}

/** Where a host's screen capture hands every chunk before its cap applies (ScreenCapture's tap). */
export interface OutputTap {
  write(stream: 'stdout' | 'stderr', chunk: string): void;
}

/** The canary scan of every host process's output, one tap per capture, numbered in start order. */
export class ScreenScan {
  readonly #streams: StreamSightings[] = [];

  constructor(private readonly source: { matcher(): CanaryMatcher; all(): Canary[] }) {}

  tap(): OutputTap {
    const n = this.#streams.length / 2 + 1;
    const matcher = this.source.matcher();
    const canaries = this.source.all();
    const streams = {
      stdout: new StreamSightings(matcher, canaries, 'screen', `host output #${n} (stdout)`),
      stderr: new StreamSightings(matcher, canaries, 'screen', `host output #${n} (stderr)`),
    };
    this.#streams.push(streams.stdout, streams.stderr);
    return { write: (stream, chunk) => streams[stream].write(chunk) };
  }

  /** How many captures were tapped. */
  get taps(): number {
    return this.#streams.length / 2;
  }

  sightings(): RawSighting[] {
    return this.#streams.flatMap((s) => s.sightings());
  }
}
