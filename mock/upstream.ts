// Where the front sends requests: Prism's port once it listens. The public port opens before
// Prism can answer (so "port in use" fails at once), so a request that arrives early waits
// for Prism instead of failing; the wait is bounded by Prism's start timeout, after which
// Prism is either up or down. Once it cannot answer, every request learns why and what to do.

export type UpstreamState =
  | { kind: 'starting' }
  | { kind: 'up'; port: number }
  /** `message` is the whole `error` text a client gets: what happened and what to do. */
  | { kind: 'down'; message: string };

export type Settled = Exclude<UpstreamState, { kind: 'starting' }>;

export class Upstream {
  #state: UpstreamState = { kind: 'starting' };
  #waiting: Array<(state: Settled) => void> = [];

  get state(): UpstreamState {
    return this.#state;
  }

  /** Prism's port, or why there is none; waits while Prism is starting. */
  settled(): Settled | Promise<Settled> {
    const state = this.#state;
    if (state.kind !== 'starting') return state;
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  up(port: number): void {
    if (this.#state.kind === 'starting') this.#settle({ kind: 'up', port });
  }

  /** From now on requests get `message`; the first reason stays (a crash is not overwritten by the stop that follows it). */
  down(message: string): void {
    if (this.#state.kind !== 'down') this.#settle({ kind: 'down', message });
  }

  #settle(state: Settled): void {
    this.#state = state;
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const resolve of waiting) resolve(state);
  }
}
