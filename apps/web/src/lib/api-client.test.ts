import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type LatencyEvent } from './api-client';
import { ApiError } from './errors';

function json(body: unknown, status = 200, type = 'application/json') {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });
}

describe('api client', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let events: LatencyEvent[];
  let unauthorized: ReturnType<typeof vi.fn<() => void>>;

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    events = [];
    unauthorized = vi.fn<() => void>();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function client(identity = { token: 'tok-1', userId: 'u1', role: 'teacher' }) {
    return createApiClient({
      baseUrl: '/api',
      getIdentity: () => identity,
      onUnauthorized: unauthorized,
      report: (e) => events.push(e),
    });
  }

  it('sends bearer and identity headers, fills the route template and reports latency', async () => {
    fetchMock.mockResolvedValueOnce(json({ items: [{ user_id: 'x' }], nextCursor: null }));
    const data = await client().get<{ items: unknown[] }>('/classes/{id}/members', {
      params: { id: 'c 1' },
      query: { limit: 5, cursor: undefined },
    });
    expect(data.items).toHaveLength(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/classes/c%201/members?limit=5');
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe('Bearer tok-1');
    expect(headers.get('x-user-id')).toBe('u1');
    expect(headers.get('x-user-role')).toBe('teacher');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      route: '/classes/{id}/members',
      method: 'GET',
      status: 200,
      error: false,
    });
    expect(events[0]!.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('sends no identity headers when signed out', async () => {
    fetchMock.mockResolvedValueOnce(json({ items: [], nextCursor: null }));
    await client({ token: null, userId: null, role: null } as never).get('/classes/mine');
    const headers = new Headers(fetchMock.mock.calls[0]![1]?.headers);
    expect(headers.has('authorization')).toBe(false);
    expect(headers.has('x-user-id')).toBe(false);
  });

  it('parses a problem+json 4xx into an ApiError with field errors, after reporting it', async () => {
    fetchMock.mockResolvedValueOnce(
      json(
        {
          type: 'about:blank',
          title: 'Bad Request',
          status: 400,
          code: 'validation_failed',
          requestId: 'req-9',
          errors: [{ path: 'title', code: 'too_big', message: 'too long', maximum: 200 }],
        },
        400,
        'application/problem+json',
      ),
    );
    const err = await client()
      .post('/classes', { body: { title: 'x' } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, code: 'validation_failed', requestId: 'req-9' });
    expect((err as ApiError).errors[0]).toMatchObject({ path: 'title', maximum: 200 });
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ title: 'x' });
    expect(events).toEqual([
      expect.objectContaining({ route: '/classes', method: 'POST', status: 400, error: true }),
    ]);
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('reports status 0 with the error flag on a network failure, then rethrows', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const err = await client()
      .delete('/classes/{id}', { params: { id: 'c1' } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 0, code: 'unavailable' });
    expect(events).toEqual([
      expect.objectContaining({ route: '/classes/{id}', method: 'DELETE', status: 0, error: true }),
    ]);
  });

  it('refreshes the sign-in state on 401', async () => {
    fetchMock.mockResolvedValueOnce(
      json(
        { status: 401, code: 'session_invalid', title: 'Unauthorized', type: 'about:blank' },
        401,
      ),
    );
    const err = await client()
      .get('/classes/mine')
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 401, code: 'session_invalid' });
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(events[0]).toMatchObject({ status: 401, error: true });
  });

  it('falls back to a code from the status when the body is not a problem', async () => {
    fetchMock.mockResolvedValueOnce(new Response('oops', { status: 503 }));
    const err = await client()
      .get('/health')
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 503, code: 'unavailable' });
  });

  it('answers undefined for 204', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(client().delete('/x')).resolves.toBeUndefined();
    expect(events[0]).toMatchObject({ status: 204, error: false });
  });
});
