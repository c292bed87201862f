// One request with its own signal: aborted when its timeout runs out or when the run is stopped.
// fetch follows the signal of a `new Request(…, { signal })` only weakly: once it has resolved
// with the headers and nothing else refers to the Request, a garbage-collected Request is never
// aborted, and a body that drips forever is read forever. So the Request is held here, by the
// timer and the stop listener, until `done`.

export interface SignalledRequest {
  request: Request;
  /** Clears the timer and the listener on the run's signal (none is left, whatever the number of requests). */
  done(): void;
}

export function signalledRequest(url: string, init: RequestInit, timeoutMs: number, stop?: AbortSignal): SignalledRequest {
  const controller = new AbortController();
  let held: Request | undefined = new Request(url, { ...init, signal: controller.signal });
  const abort = (reason: unknown) => {
    controller.abort(reason);
    held = undefined;
  };
  const timer = setTimeout(() => abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError')), timeoutMs);
  const onStop = () => abort(stop!.reason);
  stop?.addEventListener('abort', onStop, { once: true });
  return {
    request: held,
    done() {
      clearTimeout(timer);
      stop?.removeEventListener('abort', onStop);
      held = undefined;
    },
  };
}
