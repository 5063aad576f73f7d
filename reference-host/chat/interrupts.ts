// Routing of Ctrl-C and termination (STDIO-5, RESULT-7). An interrupt aborts whatever is
// waiting right now (an MCP call -> unknown outcome, a model request -> cancelled, a prompt
// -> no answer); a shutdown aborts everything from then on. Nothing waiting: ignored.

export class Interrupts {
  private current: AbortController | null = null;
  private readonly shutdownController = new AbortController();

  /** Aborted once the host is shutting down (SIGTERM, fatal error). */
  get shutdown(): AbortSignal {
    return this.shutdownController.signal;
  }

  /** Runs `work` with a signal that aborts on the next interrupt or on shutdown. */
  async abortable<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    const previous = this.current;
    this.current = controller;
    try {
      return await work(AbortSignal.any([controller.signal, this.shutdownController.signal]));
    } finally {
      this.current = previous;
    }
  }

  /** Ctrl-C: aborts the innermost waiting operation. */
  interrupt(): void {
    this.current?.abort();
  }

  terminate(): void {
    this.shutdownController.abort();
  }
}
