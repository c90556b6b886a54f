import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onError } from './http.ts';

afterEach(() => vi.restoreAllMocks());

describe('onError', () => {
  it('logs the method and route pattern, never the path with its ids (a middleware failing included)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const sub = new Hono()
      .get('/trade-in/journeys/:id', () => { throw new Error('boom'); })
      .get('/cars/:slug', () => new Response('ok'));
    const app = new Hono();
    app.use('/api/cars/*', () => { throw new Error('middleware boom'); });
    app.route('/api', sub);
    app.onError(onError);
    const id = 'Zx9_secretJourneyId-01';
    const res = await app.request(`/api/trade-in/journeys/${id}`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'An unknown error occurred.' });
    expect((await app.request('/api/cars/toyota-hilux-abc123')).status).toBe(500);
    const lines = logged.mock.calls.map((call) => String(call[0]));
    expect(lines).toEqual(['edge-api GET /api/trade-in/journeys/:id failed:', 'edge-api GET /api/cars/:slug failed:']);
    expect(logged.mock.calls.flat().map(String).join(' ')).not.toMatch(new RegExp(`${id}|abc123`));
  });
});
