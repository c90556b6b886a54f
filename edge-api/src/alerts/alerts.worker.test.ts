/**
 * Alerts end to end inside workerd with real local D1: the scan of stock digests (mf-search faked at the SEARCH
 * binding: its digest and search matches are whatever the test imports), the outbox, and the delivery through the
 * embedded SMS port (D1 `sms_outbox`), with an injected clock in the tenant's time zone.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { siteConfigInput } from '@forecourt/contracts/fixtures/tenant';
import type { StockDigestCar } from '@forecourt/contracts/internal';
import { MAX_ATTEMPTS } from '../outbox/backoff.ts';
import { EmbeddedSms, listSentSms } from '../ports/sms/embedded.ts';
import type { SmsPort } from '../ports/sms/port.ts';
import { putTenant, uniqueTenant } from '../test/fixtures.ts';
import { deliverAlerts, type DeliverOptions } from './deliver.ts';
import { alertTenants, scanTenant } from './scan.ts';
import { alertLinkKey, verifyOptOut, type AlertLinkEnv } from './token.ts';

/** 10:00 on 26 Nov 2026 in Brisbane (UTC+10). */
const MORNING = Date.UTC(2026, 10, 26, 0);
const HOUR = 3_600_000;

/** mf-search as the SEARCH binding answers it: the stock the test last imported, and saved searches matched by make. */
function fakeSearch() {
  const state = { version: null as string | null, cars: [] as StockDigestCar[], digests: 0, matchCalls: [] as Array<{ searches: Array<{ id: string; url: string }>; car_ids: string[] }> };
  return {
    state,
    import(cars: StockDigestCar[], version = `v${Math.random()}`) {
      state.cars = cars;
      state.version = version;
    },
    binding: {
      fetch: async (input: string, init?: RequestInit) => {
        const url = new URL(input);
        if (url.pathname === '/internal/stock-digest') {
          state.digests++;
          const since = url.searchParams.get('since');
          return Response.json(since === state.version ? { version: state.version } : { version: state.version, cars: state.cars });
        }
        if (url.pathname === '/internal/search-matches') {
          const body = JSON.parse(String(init?.body)) as { searches: Array<{ id: string; url: string }>; car_ids: string[] };
          state.matchCalls.push(body);
          // A search `/search/<make>` lists the new cars whose name has that make.
          const matches = body.searches.map((s) => {
            const make = s.url.split('/')[2] ?? '';
            return { id: s.id, car_ids: body.car_ids.filter((id) => state.cars.find((c) => c.id === id)?.name.toLowerCase().includes(make)) };
          });
          return Response.json({ matches });
        }
        return Response.json({ error: 'Not found.' }, { status: 404 });
      },
    },
  };
}

const car = (id: string, price: number, name: string, status: StockDigestCar['status'] = 'available'): StockDigestCar => ({ id, price, status, name, slug: `${name.toLowerCase().replace(/\W+/g, '-')}-${id}` });
const STOCK = [car('c1', 25_990, '2021 Toyota Corolla Ascent'), car('c2', 31_000, '2019 Mazda CX-5 Maxx'), car('c3', 18_500, '2018 Kia Rio S'), car('c4', 40_000, '2022 Ford Ranger XLT')];

const newPhone = () => `0412${String(crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000).padStart(6, '0')}`;

async function addUser(tenant: string, smsAlerts: boolean, watch: string[] = [], searches: Array<{ id: string; url: string; label?: string; alerts?: boolean }> = []) {
  const id = crypto.randomUUID();
  const phone = newPhone();
  await env.DB.prepare('INSERT INTO users (tenant, id, phone, sms_alerts) VALUES (?, ?, ?, ?)').bind(tenant, id, phone, smsAlerts ? 1 : 0).run();
  for (const carId of watch) await env.DB.prepare('INSERT INTO watchlist (tenant, user_id, car_id) VALUES (?, ?, ?)').bind(tenant, id, carId).run();
  for (const s of searches) {
    await env.DB.prepare('INSERT INTO saved_searches (tenant, id, user_id, url, label, alerts) VALUES (?, ?, ?, ?, ?, ?)')
      .bind(tenant, s.id, id, s.url, s.label ?? 'Saved search', s.alerts === false ? 0 : 1).run();
  }
  return { id, phone };
}

async function setup(prefix: string, timeZone = 'Australia/Brisbane', features: Record<string, boolean> = {}) {
  const tenant = uniqueTenant(prefix);
  await putTenant(tenant, siteConfigInput(tenant, { name: 'Harbourside Toyota', time_zone: timeZone, features } as never));
  const search = fakeSearch();
  const scanEnv = { DB: env.DB, SEARCH: search.binding, CONFIG: env.CONFIG };
  return { tenant, search, scan: (now = MORNING) => scanTenant(scanEnv, tenant, now), deliver: (now: number, options: DeliverOptions = {}) => deliverAlerts(env, { tenant, now, ...options }) };
}

type AlertRow = { user_id: string; kind: string; car_id: string; search_id: string | null; status: string; attempts: number; next_attempt_at: number; message_id: string | null; dedupe_key: string };
const alertsOf = async (tenant: string) =>
  (await env.DB.prepare('SELECT user_id, kind, car_id, search_id, status, attempts, next_attempt_at, message_id, dedupe_key FROM alert_outbox WHERE tenant = ? ORDER BY dedupe_key, user_id').bind(tenant).all<AlertRow>()).results;

describe('alerts scan: computed from an import diff', () => {
  it('keeps no snapshot while nobody wants texts, so a later opt-in starts from a fresh baseline (no old changes texted)', async () => {
    const { tenant, search, scan } = await setup('al-fresh');
    const shopper = await addUser(tenant, true, ['c1'], [{ id: 's-toyota', url: '/search/toyota' }]);
    search.import(STOCK, 'v1');
    await scan();
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM stock_scans WHERE tenant = ?').bind(tenant).first<number>('n'))).toBeGreaterThan(0);
    // The shopper turns texts off: the snapshot goes. Meanwhile the Corolla drops and a Toyota arrives.
    await env.DB.prepare('UPDATE users SET sms_alerts = 0 WHERE tenant = ? AND id = ?').bind(tenant, shopper.id).run();
    await scan(MORNING + HOUR);
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM stock_scans WHERE tenant = ?').bind(tenant).first<number>('n'))).toBe(0);
    search.import([car('c1', 20_000, '2021 Toyota Corolla Ascent'), ...STOCK.slice(1), car('n1', 45_000, '2023 Toyota RAV4 GX')], 'v2');
    await scan(MORNING + 2 * HOUR);
    // Back on: the stock as it is now is the baseline; what changed while off is not texted.
    await env.DB.prepare('UPDATE users SET sms_alerts = 1 WHERE tenant = ? AND id = ?').bind(tenant, shopper.id).run();
    expect(await scan(MORNING + 3 * HOUR)).toEqual({ changed: true, baseline: true, alerts: 0 });
    expect(await alertsOf(tenant)).toEqual([]);
  });

  it('texts nothing about watched cars where the site has switched its watchlist off (saved searches still alert)', async () => {
    const { tenant, search, scan } = await setup('al-wl-off', 'Australia/Brisbane', { watchlist: false });
    await addUser(tenant, true, ['c1'], [{ id: 's-toyota', url: '/search/toyota' }]);
    search.import(STOCK, 'v1');
    await scan();
    search.import([car('c1', 20_000, '2021 Toyota Corolla Ascent'), ...STOCK.slice(1), car('n1', 45_000, '2023 Toyota RAV4 GX')], 'v2');
    await scan(MORNING + HOUR);
    expect((await alertsOf(tenant)).map((a) => a.kind)).toEqual(['new_match']);
  });

  it('records the first import as a baseline, then alerts a price drop, a sale and a new match to opted-in shoppers only', async () => {
    const { tenant, search, scan } = await setup('al-diff');
    const watcher = await addUser(tenant, true, ['c1', 'c2', 'c3'], [{ id: 'search-toyota', url: '/search/toyota', label: 'Toyota' }, { id: 'search-off', url: '/search/toyota?sortBy=price_asc', alerts: false }]);
    const optedOut = await addUser(tenant, false, ['c1', 'c2'], [{ id: 'search-toyota-2', url: '/search/toyota' }]);
    expect(await alertTenants(env.DB)).toContain(tenant);

    search.import(STOCK);
    expect(await scan()).toEqual({ changed: true, baseline: true, alerts: 0 });
    expect(await alertsOf(tenant)).toEqual([]);

    // The next import: the Corolla drops $1,000, the CX-5 sells, the Rio is withdrawn, a Toyota and a Hyundai arrive.
    search.import([car('c1', 24_990, '2021 Toyota Corolla Ascent'), car('c2', 31_000, '2019 Mazda CX-5 Maxx', 'sold'), STOCK[3]!, car('n1', 45_000, '2023 Toyota RAV4 GX'), car('n2', 30_000, '2022 Hyundai i30')]);
    expect(await scan(MORNING + HOUR)).toEqual({ changed: true, baseline: false, alerts: 4 });
    const rows = await alertsOf(tenant);
    expect(rows.map(({ user_id, kind, car_id, search_id, status, dedupe_key }) => ({ user_id, kind, car_id, search_id, status, dedupe_key }))).toEqual([
      { user_id: watcher.id, kind: 'new_match', car_id: 'n1', search_id: 'search-toyota', status: 'pending', dedupe_key: 'new_match:search-toyota:n1' },
      { user_id: watcher.id, kind: 'price_drop', car_id: 'c1', search_id: null, status: 'pending', dedupe_key: 'price_drop:c1:24990' },
      { user_id: watcher.id, kind: 'sold', car_id: 'c2', search_id: null, status: 'pending', dedupe_key: 'sold:c2' },
      { user_id: watcher.id, kind: 'sold', car_id: 'c3', search_id: null, status: 'pending', dedupe_key: 'sold:c3' },
    ]);
    expect(rows.some((r) => r.user_id === optedOut.id)).toBe(false);
    // mf-search was asked about the new cars (not the sold ones) and the opted-in shopper's alerting searches only.
    expect(search.state.matchCalls).toEqual([{ searches: [{ id: 'search-toyota', url: '/search/toyota' }], car_ids: ['n1', 'n2'] }]);
  });

  it('is idempotent: an unchanged stock asks for no cars, and the same change scanned twice or re-imported makes no second alert', async () => {
    const { tenant, search, scan } = await setup('al-idem');
    await addUser(tenant, true, ['c1'], [{ id: 's-toyota', url: '/search/toyota' }]);
    search.import(STOCK, 'v1');
    await scan();
    expect(await scan()).toEqual({ changed: false, baseline: false, alerts: 0 });

    const dropped = [car('c1', 24_990, '2021 Toyota Corolla Ascent'), ...STOCK.slice(1), car('n1', 45_000, '2023 Toyota RAV4 GX')];
    search.import(dropped, 'v2');
    expect((await scan()).alerts).toBe(2);
    // The same digest again: the version is unchanged, nothing is read.
    expect(await scan()).toEqual({ changed: false, baseline: false, alerts: 0 });
    // The same import run again (a new version, the same cars): nothing new to alert.
    search.import(dropped, 'v3');
    expect(await scan()).toEqual({ changed: true, baseline: false, alerts: 0 });
    // Two scans that both saw the change (the second one's snapshot is the old one): the alerts are not doubled.
    await env.DB.prepare('DELETE FROM stock_scans WHERE tenant = ?').bind(tenant).run();
    search.import(STOCK, 'v1');
    await scan();
    search.import(dropped, 'v2');
    expect(await scan()).toEqual({ changed: true, baseline: false, alerts: 0 });
    expect((await alertsOf(tenant)).map((r) => r.dedupe_key)).toEqual(['new_match:s-toyota:n1', 'price_drop:c1:24990']);
    // A further drop is a new alert.
    search.import([car('c1', 23_990, '2021 Toyota Corolla Ascent'), ...dropped.slice(1)], 'v4');
    expect((await scan()).alerts).toBe(1);
  });

  it('cancels a pending price drop or new-car alert once the car sells before the text goes', async () => {
    const { tenant, search, scan } = await setup('al-outdated');
    await addUser(tenant, true, ['c1'], [{ id: 's-toyota', url: '/search/toyota' }]);
    search.import(STOCK);
    await scan();
    search.import([car('c1', 24_990, '2021 Toyota Corolla Ascent'), ...STOCK.slice(1), car('n1', 45_000, '2023 Toyota RAV4 GX')]);
    await scan(MORNING + HOUR);
    search.import([car('c1', 24_990, '2021 Toyota Corolla Ascent', 'sold'), ...STOCK.slice(1)]);
    await scan(MORNING + 2 * HOUR);
    expect((await alertsOf(tenant)).map((r) => [r.dedupe_key, r.status])).toEqual([
      ['new_match:s-toyota:n1', 'cancelled'],
      ['price_drop:c1:24990', 'cancelled'],
      ['sold:c1', 'pending'],
    ]);
  });

  it('skips tenants nobody asked alerts of (no digest asked)', async () => {
    const { tenant, search, scan } = await setup('al-none');
    await addUser(tenant, true);
    search.import(STOCK);
    expect(await scan()).toEqual({ changed: false, baseline: false, alerts: 0 });
    expect(search.state.digests).toBe(0);
  });
});

/** A tenant with one opted-in shopper who has pending alerts (a price drop and a sale) after two imports. */
async function withPendingAlerts(prefix: string, timeZone?: string) {
  const ctx = await setup(prefix, timeZone);
  const user = await addUser(ctx.tenant, true, ['c1', 'c2']);
  ctx.search.import(STOCK);
  await ctx.scan();
  ctx.search.import([car('c1', 24_990, '2021 Toyota Corolla Ascent'), car('c2', 31_000, '2019 Mazda CX-5 Maxx', 'sold'), ...STOCK.slice(2)]);
  await ctx.scan();
  return { ...ctx, user };
}

describe('alerts delivery', () => {
  it('texts one combined message with the opt-out link, marks the alerts sent and claims the day', async () => {
    const { tenant, user, deliver } = await withPendingAlerts('al-send');
    const report = await deliver(MORNING + 2 * HOUR);
    expect(report).toMatchObject({ sent: 1, alertsSent: 2 });
    const [sms, ...others] = await listSentSms(env.DB, tenant, user.phone);
    expect(others).toEqual([]);
    expect(sms!.body).toMatch(
      new RegExp(`^Harbourside Toyota: price drop on 2021 Toyota Corolla Ascent, now \\$24,990 \\(was \\$25,990\\)\\. http://${tenant}\\.localhost:8787/cars/2021-toyota-corolla-ascent-c1 1 more update on your watchlist: http://${tenant}\\.localhost:8787/watchlist Stop alerts: http://${tenant}\\.localhost:8787/alerts/stop\\?t=\\S+$`),
    );
    // The link's token opts this shopper out on this site.
    const token = decodeURIComponent(/\?t=(\S+)$/.exec(sms!.body)![1]!);
    expect(await verifyOptOut(alertLinkKey(env as AlertLinkEnv), tenant, token, MORNING + 3 * HOUR)).toBe(user.id);
    const rows = await alertsOf(tenant);
    expect(rows.map((r) => [r.status, r.message_id])).toEqual([['sent', sms!.id], ['sent', sms!.id]]);
    const day = await env.DB.prepare('SELECT day FROM alert_messages WHERE tenant = ? AND user_id = ?').bind(tenant, user.id).all<{ day: string }>();
    expect(day.results).toEqual([{ day: '2026-11-26' }]);
    // Nothing left: a second run sends nothing.
    expect((await deliver(MORNING + 3 * HOUR)).sent).toBe(0);
  });

  it('holds texts in quiet hours (9 pm to 8 am in the tenant time zone) until 8 am', async () => {
    // 21:30 in Sydney (UTC+11) is 20:30 in Brisbane: Sydney's shopper waits, Brisbane's would not.
    const evening = Date.UTC(2026, 10, 26, 10, 30);
    const { tenant, user, deliver } = await withPendingAlerts('al-quiet', 'Australia/Sydney');
    expect(await deliver(evening)).toMatchObject({ sent: 0, quiet: 1 });
    expect(await listSentSms(env.DB, tenant, user.phone)).toEqual([]);
    const eight = Date.UTC(2026, 10, 26, 21); // 08:00 on the 27th in Sydney
    expect((await alertsOf(tenant)).map((r) => r.next_attempt_at)).toEqual([eight, eight]);
    expect((await deliver(eight - 60_000)).sent).toBe(0);
    expect((await deliver(eight)).sent).toBe(1);
    expect(await listSentSms(env.DB, tenant, user.phone)).toHaveLength(1);
  });

  it("lets local runs switch quiet hours off (ALERT_QUIET_HOURS='off', local runs only: ignored when deployed)", async () => {
    const night = Date.UTC(2026, 10, 26, 12); // 22:00 in Brisbane
    const { tenant, user } = await withPendingAlerts('al-night');
    const sms = new EmbeddedSms(env.DB);
    // Deployed (DEV_PAGES off): the switch is ignored.
    const deployed = await withPendingAlerts('al-night-deployed');
    expect(await deliverAlerts({ ...env, DEV_PAGES: undefined, ALERT_QUIET_HOURS: 'off' }, { tenant: deployed.tenant, now: night, sms })).toMatchObject({ sent: 0, quiet: 1 });
    const local = await deliverAlerts({ ...env, ALERT_QUIET_HOURS: 'off' }, { tenant, now: night, sms });
    expect(local.sent).toBe(1);
    expect((await listSentSms(env.DB, tenant, user.phone))[0]!.body).toContain(`http://${tenant}.localhost:8787/alerts/stop?t=`);
  });

  it('sends at most one text a day: later alerts wait for the next day and go combined', async () => {
    const { tenant, user, search, scan, deliver } = await withPendingAlerts('al-cap');
    expect((await deliver(MORNING + HOUR)).sent).toBe(1);
    // Two more changes the same day.
    search.import([car('c1', 23_990, '2021 Toyota Corolla Ascent'), car('c2', 31_000, '2019 Mazda CX-5 Maxx', 'sold'), STOCK[2]!, STOCK[3]!]);
    await scan(MORNING + 2 * HOUR);
    await env.DB.prepare('INSERT INTO watchlist (tenant, user_id, car_id) VALUES (?, ?, ?)').bind(tenant, user.id, 'c3').run();
    search.import([car('c1', 23_990, '2021 Toyota Corolla Ascent'), car('c2', 31_000, '2019 Mazda CX-5 Maxx', 'sold'), car('c3', 17_000, '2018 Kia Rio S'), STOCK[3]!]);
    await scan(MORNING + 3 * HOUR);
    expect(await deliver(MORNING + 4 * HOUR)).toMatchObject({ sent: 0, capped: 1 });
    const tomorrowEight = MORNING + 22 * HOUR; // 08:00 on the 27th
    expect((await alertsOf(tenant)).filter((r) => r.status === 'pending').map((r) => r.next_attempt_at)).toEqual([tomorrowEight, tomorrowEight]);
    expect((await deliver(tomorrowEight)).sent).toBe(1);
    const [latest] = await listSentSms(env.DB, tenant, user.phone);
    expect(latest!.body).toContain('1 more update on your watchlist');
    expect(await listSentSms(env.DB, tenant, user.phone)).toHaveLength(2);
  });

  it('cancels the pending alerts of a shopper who opted out, and of cars no longer watched', async () => {
    const { tenant, user, deliver } = await withPendingAlerts('al-out');
    await env.DB.prepare('DELETE FROM watchlist WHERE tenant = ? AND user_id = ? AND car_id = ?').bind(tenant, user.id, 'c2').run();
    const other = await withPendingAlerts('al-out2');
    await env.DB.prepare('UPDATE users SET sms_alerts = 0 WHERE tenant = ? AND id = ?').bind(other.tenant, other.user.id).run();
    expect((await deliver(MORNING + HOUR)).sent).toBe(1);
    expect((await alertsOf(tenant)).map((r) => [r.kind, r.status])).toEqual([['price_drop', 'sent'], ['sold', 'cancelled']]);
    expect(await other.deliver(MORNING + HOUR)).toMatchObject({ sent: 0, cancelled: 2 });
    expect(await listSentSms(env.DB, other.tenant, other.user.phone)).toEqual([]);
    expect((await alertsOf(other.tenant)).map((r) => r.status)).toEqual(['cancelled', 'cancelled']);
  });

  it('retries a failed send with backoff (the day given back), then parks the alerts as dead', async () => {
    const { tenant, user, deliver } = await withPendingAlerts('al-dead');
    let calls = 0;
    const failing: SmsPort = { send: async () => { calls++; throw new Error('gateway down'); } };
    let now = MORNING + HOUR;
    const first = await deliver(now, { sms: failing, random: () => 0 });
    expect(first).toMatchObject({ sent: 0, retried: 2, dead: 0 });
    let rows = await alertsOf(tenant);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([['pending', 1], ['pending', 1]]);
    expect(rows[0]!.next_attempt_at).toBeGreaterThan(now);
    // The failed send did not use up the day.
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM alert_messages WHERE tenant = ?').bind(tenant).first<number>('n')).toBe(0);
    // Not before its time.
    expect((await deliver(now + 1000, { sms: failing })).retried).toBe(0);
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      // Clock to the retry time, kept out of quiet hours (a whole day later, the same hour, when it lands past 9 pm).
      now = Math.max(now, rows[0]!.next_attempt_at);
      while (new Date(now).getUTCHours() >= 11 && new Date(now).getUTCHours() < 22) now += HOUR;
      await deliver(now, { sms: failing, random: () => 0 });
      rows = await alertsOf(tenant);
    }
    expect(calls).toBe(MAX_ATTEMPTS);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([['dead', MAX_ATTEMPTS], ['dead', MAX_ATTEMPTS]]);
    // Dead letters are not sent by a later run, even through a working port.
    expect((await deliver(now + 30 * 24 * HOUR, { sms: new EmbeddedSms(env.DB) })).sent).toBe(0);
    expect(await listSentSms(env.DB, tenant, user.phone)).toEqual([]);
  });

  it('dead-letters only the alerts that used up their attempts; a newer alert in the same text is retried', async () => {
    const { tenant, deliver } = await withPendingAlerts('al-dead-row');
    // One alert has failed before (one attempt left), the other is new.
    await env.DB.prepare("UPDATE alert_outbox SET attempts = ? WHERE tenant = ? AND kind = 'price_drop'").bind(MAX_ATTEMPTS - 1, tenant).run();
    const failing: SmsPort = { send: async () => { throw new Error('gateway down'); } };
    expect(await deliver(MORNING + HOUR, { sms: failing, random: () => 0 })).toMatchObject({ sent: 0, retried: 1, dead: 1 });
    expect((await alertsOf(tenant)).map((r) => [r.kind, r.status, r.attempts])).toEqual([['price_drop', 'dead', MAX_ATTEMPTS], ['sold', 'pending', 1]]);
  });

  it('lets one of two simultaneous runs send (the day claim)', async () => {
    const { tenant, user, deliver } = await withPendingAlerts('al-race');
    const reports = await Promise.all([deliver(MORNING + HOUR), deliver(MORNING + HOUR), deliver(MORNING + HOUR)]);
    expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(1);
    expect(await listSentSms(env.DB, tenant, user.phone)).toHaveLength(1);
  });
});
