// CRED-3: canaries in text that arrives in pieces (a host's output, a file read in chunks),
// whatever its length: each chunk is searched with the end of the previous one, so a value
// split across chunks is found, and nothing but a short overlap is kept.
import { outermost, type CanaryMatcher } from './canary-forms.js';
import { excerptAround, type Canary, type Channel, type RawSighting } from './canaries.js';

interface Found {
  sighting: RawSighting;
  canary: number;
  /** Offset in the whole stream. */
  index: number;
  length: number;
}

export class StreamSightings {
  #carry = '';
  /** Stream offset of the carry's first character. */
  #offset = 0;
  readonly #found = new Map<string, Found>();

  constructor(
    private readonly matcher: CanaryMatcher,
    private readonly canaries: readonly Pick<Canary, 'label'>[],
    private readonly channel: Channel,
    private readonly source: string,
  ) {}

  write(chunk: string): void {
    const text = this.#carry + chunk;
    for (const hit of this.matcher.find(text)) {
      const key = `${hit.canary}\0${hit.form}`;
      const known = this.#found.get(key);
      if (known !== undefined && (known.sighting.whole || !hit.whole)) continue;
      const sighting = {
        canary: this.canaries[hit.canary]?.label ?? `canary #${hit.canary}`,
        channel: this.channel,
        source: this.source,
        form: hit.form,
        whole: hit.whole,
        excerpt: excerptAround(text, hit),
      };
      this.#found.set(key, { sighting, canary: hit.canary, index: this.#offset + hit.index, length: hit.length });
    }
    // A needle that did not fit yet starts within the last `reach` characters.
    const keep = Math.min(text.length, this.matcher.reach);
    this.#offset += text.length - keep;
    this.#carry = text.slice(text.length - keep);
  }

  /** One sighting per canary and form, outermost only (as in a single text). */
  sightings(): RawSighting[] {
    return outermost([...this.#found.values()]).map((f) => f.sighting);
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
