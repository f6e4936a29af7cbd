import { afterEach, beforeEach, vi } from 'vitest';

export type FetchMock = ReturnType<typeof vi.fn<typeof fetch>>;

/**
 * A stand-in for the global `fetch` in component tests: call it at the top of a `describe`. Before
 * each test it clears localStorage, resets the mock and installs it as `fetch`; after each test the
 * real `fetch` is back. Answer with `fetchMock.mockImplementation`, `mockResolvedValueOnce(reply(…))`
 * or `serve(fetchMock, handler)`.
 */
export function stubFetch(): FetchMock {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    localStorage.clear();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return fetchMock;
}

/** A JSON response (`null`: no body); 4xx/5xx as application/problem+json, like the server. */
export function reply(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: {
      'content-type': status >= 400 ? 'application/problem+json' : 'application/json',
      ...headers,
    },
  });
}

/** An RFC 9457 problem with a stable `code`, as the server sends it. */
export function problem(status: number, code: string, title = code) {
  return reply({ type: 'about:blank', title, status, code }, status);
}

/** The URL a fetch call was made with (relative ones resolved against http://localhost). */
export function requestUrl(input: unknown): URL {
  return new URL(String(input), 'http://localhost');
}

/** Answers every fetch call through `handler`, given the request's URL and init. */
export function serve(
  fetchMock: FetchMock,
  handler: (url: URL, init: RequestInit | undefined) => Response | Promise<Response>,
) {
  fetchMock.mockImplementation(async (input, init) => handler(requestUrl(input), init));
}
