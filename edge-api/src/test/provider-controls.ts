/**
 * What every fake provider (ports/<name>/testing.ts) lets a test do besides answering like the provider: answer the
 * next request with something else (a 500, a body that is not JSON) and make every answer wait (a hanging provider).
 * No Node imports: the fakes also run inside workerd.
 */
export function providerControls() {
  const overrides: Array<() => Response> = [];
  let delayMs = 0;
  return {
    /** Called first by a fake's handler: waits the delay, then the queued answer if there is one. */
    async interject(): Promise<Response | undefined> {
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      return overrides.shift()?.();
    },
    /** The next request answers this instead (e.g. a 500, or a success whose body is not JSON). */
    overrideNext(answer: () => Response) {
      overrides.push(answer);
    },
    /** Every answer waits this long first (a hanging provider). */
    delay(ms: number) {
      delayMs = ms;
    },
    reset() {
      overrides.length = 0;
      delayMs = 0;
    },
  };
}

/**
 * The surface every fake provider gives a test: its handler, a `fetch` for the adapter (in-process), the requests it
 * saw, and the controls above; `reset` also empties the requests (and whatever `alsoReset` clears).
 * @example return { ...fakeProviderSurface(handle, requests, controls), messages };
 */
export function fakeProviderSurface<R>(handle: (request: Request) => Promise<Response>, requests: R[], controls: ReturnType<typeof providerControls>, alsoReset: () => void = () => {}) {
  return {
    handle,
    fetch: (input: RequestInfo | URL, init?: RequestInit) => handle(new Request(input, init)),
    requests,
    overrideNext: controls.overrideNext,
    delay: controls.delay,
    reset() {
      requests.length = 0;
      alsoReset();
      controls.reset();
    },
  };
}
