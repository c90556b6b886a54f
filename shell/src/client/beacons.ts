/**
 * Beacons (contracts BEACON_ATTR): what a page records as soon as it is seen, sent by the shell's light client without
 * React or any island code (issue 19). The car page's view (spec §7 `view.json`), its analytics event 4 and the
 * viewed-cars list (spec §3) are recorded at load, or when a page opened in the background becomes visible, for every
 * shopper who sees it; the ViewCount island that shows the count still loads on `engaged` and reads the answer kept
 * here (contracts `beaconAnswer`) instead of counting the view again.
 */
import { BEACON_ANSWERS_GLOBAL, BEACON_ATTR, type Beacon, type BeaconRequest } from '@forecourt/contracts/islands';

/** Same origin only: a path with one leading slash (not `//host`, not a full address). */
const SAME_ORIGIN_PATH = /^\/(?!\/)[^\s\\]*$/;
const STORAGE_KEY = /^forecourt:[a-z0-9:-]+$/;
const EVENT_NAME = /^[a-z]+(?:\.[a-z]+)*\.v\d+$/;
/** The most items a beacon's list may keep (the viewed-cars list keeps 20). */
const MAX_LIST = 50;

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** A beacon's JSON, checked by hand (the light client carries no validation library); null when malformed. */
export function parseBeacon(text: string | null | undefined): Beacon | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text ?? '');
  } catch {
    return null;
  }
  if (!isRecord(raw) || !Array.isArray(raw.send)) return null;
  const send: BeaconRequest[] = [];
  for (const r of raw.send) {
    if (!isRecord(r) || typeof r.path !== 'string' || !SAME_ORIGIN_PATH.test(r.path)) return null;
    const method = r.method === 'POST' ? 'POST' : r.method === undefined || r.method === 'GET' ? 'GET' : null;
    if (!method) return null;
    send.push(method === 'POST' ? { path: r.path, method, body: r.body } : { path: r.path, method });
  }
  const beacon: Beacon = { send };
  const p = raw.push;
  if (p !== undefined) {
    if (!isRecord(p) || typeof p.key !== 'string' || !STORAGE_KEY.test(p.key) || !isRecord(p.item) || (typeof p.item.id !== 'string' && typeof p.item.id !== 'number')) return null;
    if (typeof p.limit !== 'number' || !Number.isInteger(p.limit) || p.limit < 1 || p.limit > MAX_LIST) return null;
    const event = isRecord(p.event) && typeof p.event.name === 'string' && EVENT_NAME.test(p.event.name) && typeof p.event.field === 'string' ? { name: p.event.name, field: p.event.field } : undefined;
    beacon.push = { key: p.key, item: p.item as NonNullable<Beacon['push']>['item'], limit: p.limit, ...(event ? { event } : {}) };
  }
  return beacon;
}

/** `item` first, any earlier entry with its id removed, at most `limit` (an unreadable stored list starts anew). */
export function pushBounded(stored: string | null, item: { id: unknown }, limit: number): unknown[] {
  let list: unknown[] = [];
  try {
    const parsed: unknown = JSON.parse(stored ?? '[]');
    if (Array.isArray(parsed)) list = parsed;
  } catch {
    // Unreadable: replaced.
  }
  return [item, ...list.filter((c) => !(isRecord(c) && c.id === item.id))].slice(0, limit);
}

type BeaconWindow = Pick<Window, 'dispatchEvent'> & { fetch: typeof fetch; localStorage?: Storage; document: Pick<Document, 'querySelectorAll' | 'visibilityState' | 'addEventListener' | 'removeEventListener'> };

/** Sends one beacon now: its requests (the first one's answer returned), its list push and event. */
export function sendBeacon(beacon: Beacon, win: BeaconWindow): Promise<unknown> {
  const answers = beacon.send.map((r) =>
    win
      .fetch(r.path, r.method === 'POST' ? { method: 'POST', body: JSON.stringify(r.body ?? null), headers: { 'content-type': 'application/json' }, keepalive: true } : { headers: { accept: 'application/json' }, keepalive: true })
      .then((res) => (res.ok ? (res.json() as Promise<unknown>) : null))
      .catch(() => null),
  );
  if (beacon.push) {
    const { key, item, limit, event } = beacon.push;
    try {
      const storage = win.localStorage;
      if (storage) {
        const list = pushBounded(storage.getItem(key), item, limit);
        storage.setItem(key, JSON.stringify(list));
        if (event) win.dispatchEvent(new CustomEvent(event.name, { detail: { [event.field]: list } }));
      }
    } catch {
      // Blocked or full storage: the list is simply not kept.
    }
  }
  return answers[0] ?? Promise.resolve(null);
}

/**
 * Sends every beacon of the page once: at once when the page is visible, else when it first becomes visible (a tab
 * opened in the background, a prerender). Each beacon's answer is kept under contracts BEACON_ANSWERS_GLOBAL.
 * Returns the ids found (sent now or when visible).
 */
export function sendBeacons(win: BeaconWindow = globalThis as unknown as BeaconWindow): string[] {
  const doc = win.document;
  const answers = ((win as unknown as Record<string, unknown>)[BEACON_ANSWERS_GLOBAL] ??= {}) as Record<string, Promise<unknown>>;
  const due: Array<{ beacon: Beacon; settle: (answer: unknown) => void }> = [];
  const ids: string[] = [];
  for (const el of doc.querySelectorAll<HTMLElement>(`script[${BEACON_ATTR}]`)) {
    const id = el.getAttribute(BEACON_ATTR) ?? '';
    const beacon = parseBeacon(el.textContent);
    if (!id || !beacon || id in answers) continue;
    // The answer's promise exists at once: an island mounting before the page is visible waits for it.
    let settle!: (answer: unknown) => void;
    answers[id] = new Promise((resolve) => (settle = resolve));
    due.push({ beacon, settle });
    ids.push(id);
  }
  const send = () => {
    for (const { beacon, settle } of due.splice(0)) void sendBeacon(beacon, win).then(settle);
  };
  if (doc.visibilityState !== 'hidden') send();
  else {
    const onVisible = () => {
      if (doc.visibilityState === 'hidden') return;
      doc.removeEventListener('visibilitychange', onVisible);
      send();
    };
    doc.addEventListener('visibilitychange', onVisible);
  }
  return ids;
}
