import { describe, expect, it, vi } from 'vitest';
import { memoryKv, richSiteConfigInput, richTenantDataInput, siteConfigInput } from './made-up.ts';
import { parseSiteConfig } from './tenant.ts';
import { parseTenantData } from './tenant-data.ts';
import { createWarmUp, warmUpTenantReads, warmUpWanted, WARM_UP_ROUNDS } from './warm-up.ts';

describe('isolate warm-ups (issue 19, cold start)', () => {
  it('records a warm-up’s outcome: idle, running, then done with what it made', async () => {
    const warmUp = createWarmUp('test');
    expect(warmUp.state()).toEqual({ status: 'idle' });
    let finish!: (n: number) => void;
    const started = warmUp.start(() => new Promise<number>((resolve) => (finish = resolve)));
    expect(warmUp.state()).toEqual({ status: 'running' });
    await Promise.resolve();
    finish(42);
    await started;
    expect(warmUp.state()).toEqual({ status: 'done', result: 42 });
  });

  it('logs a failure with its message only, never throws it, whether the warm-up rejects or throws at once', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const warmUp = createWarmUp('mf-test');
      await expect(warmUp.start(() => Promise.reject(new Error('boom')))).resolves.toBeUndefined();
      expect(warmUp.state()).toEqual({ status: 'failed', error: 'boom' });
      expect(error).toHaveBeenLastCalledWith('mf-test: warm-up failed', 'boom');
      await expect(
        warmUp.start(() => {
          throw new Error('at once');
        }),
      ).resolves.toBeUndefined();
      expect(warmUp.state()).toEqual({ status: 'failed', error: 'at once' });
    } finally {
      error.mockRestore();
    }
  });

  it('reads and validates a made-up tenant’s config and data once per round', async () => {
    const one = await warmUpTenantReads(1);
    expect(one).toBeGreaterThan(1_000);
    expect(await warmUpTenantReads()).toBe(WARM_UP_ROUNDS * one);
  });

  it('warms with a made-up group whose config fills the sections a dealer fills, and whose data holds what it points at', () => {
    const config = parseSiteConfig(richSiteConfigInput());
    const data = parseTenantData(config.slug, richTenantDataInput());
    // Every optional section the chrome and pages render, beyond the small dealer's (`siteConfigInput`).
    const small = siteConfigInput() as Record<string, unknown>;
    for (const section of ['announcement', 'promo_popup', 'business', 'banners', 'stats', 'stock', 'search', 'vdp_config', 'trade_in', 'site_url']) {
      expect(config, section).toHaveProperty(section);
      expect(small[section], section).toBeUndefined();
    }
    expect(config.menus.header.some((item) => item.children?.length)).toBe(true);
    expect(config.menus.footer.length).toBeGreaterThan(1);
    expect(config.theme.fonts.body).not.toBe('system');
    expect(config.theme.fonts.heading).not.toBe(config.theme.fonts.body);
    // Its ids resolve in its data set: locations with a whole week, dealerships, makes, a brand and an offer.
    expect(config.locations.every((id) => data.locations.some((l) => l.id === id))).toBe(true);
    expect(config.dealerships.every((id) => data.dealerships.some((d) => d.id === id))).toBe(true);
    expect(config.brands.every((slug) => data.manufacturers.some((m) => m.slug === slug))).toBe(true);
    expect(data.locations.every((l) => l.contact_detail.opening_hours?.length === 7)).toBe(true);
    expect(data.brands.length).toBeGreaterThan(0);
    expect(data.offers.length).toBeGreaterThan(0);
  });

  it('runs unless the deployment sets WARM_UP to off', () => {
    expect(warmUpWanted({})).toBe(true);
    expect(warmUpWanted(undefined)).toBe(true);
    expect(warmUpWanted({ WARM_UP: 'on' })).toBe(true);
    expect(warmUpWanted({ WARM_UP: 'off' })).toBe(false);
  });

  it('reads its made-up KV as text, JSON or bytes, and refuses any other read type (a warm-up must not answer what KV would not)', async () => {
    const kv = memoryKv({ a: { b: 1 }, t: 'x', bin: new Uint8Array([1, 2, 3]) });
    expect(await kv.get('a', 'json')).toEqual({ b: 1 });
    expect(await kv.get('t')).toBe('x');
    expect(await kv.get('none', 'json')).toBeNull();
    // Bytes as a new ArrayBuffer on every read (a reader may keep or change it), text as its UTF-8 bytes.
    const first = (await kv.get('bin', 'arrayBuffer'))!;
    expect([...new Uint8Array(first)]).toEqual([1, 2, 3]);
    new Uint8Array(first)[0] = 9;
    expect([...new Uint8Array((await kv.get('bin', 'arrayBuffer'))!)]).toEqual([1, 2, 3]);
    expect([...new Uint8Array((await kv.get('t', 'arrayBuffer'))!)]).toEqual([0x78]);
    await expect((kv.get as (key: string, type: string) => Promise<unknown>)('t', 'stream')).rejects.toThrow(/text, json and arrayBuffer only/);
  });
});
