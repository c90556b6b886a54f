/**
 * The one browser helper that sends analytics events (spec §7 ids) to edge-api's `POST /api/analytics`.
 * Fire-and-forget: analytics never delays or breaks a shopper's journey, and an invalid event is dropped here.
 */
import * as v from 'valibot';
import { AnalyticsEventSchema, type AnalyticsEvent } from './analytics.ts';

export const ANALYTICS_PATH = '/api/analytics';

export type TrackInput = Omit<AnalyticsEvent, 'tenant' | 'page'> & { page?: string };

export type TrackTransport = {
  sendBeacon?: (url: string, data: Blob) => boolean;
  fetch?: (url: string, init: RequestInit) => Promise<unknown>;
};

/** Sends one event; returns false when it was invalid or could not be handed to the browser. */
export function track(event: TrackInput, transport: TrackTransport = defaultTransport(), page = defaultPage()): boolean {
  const parsed = v.safeParse(AnalyticsEventSchema, { page, ...event });
  if (!parsed.success) {
    console.warn('[analytics] invalid event dropped', v.flatten(parsed.issues).nested);
    return false;
  }
  const body = JSON.stringify(parsed.output);
  try {
    if (transport.sendBeacon?.(ANALYTICS_PATH, new Blob([body], { type: 'application/json' }))) return true;
    void transport.fetch?.(ANALYTICS_PATH, { method: 'POST', body, headers: { 'content-type': 'application/json' }, keepalive: true })?.catch(() => undefined);
    return Boolean(transport.fetch);
  } catch {
    return false;
  }
}

function defaultTransport(): TrackTransport {
  if (typeof navigator === 'undefined') return {};
  return { sendBeacon: navigator.sendBeacon?.bind(navigator), fetch: typeof fetch === 'function' ? fetch.bind(globalThis) : undefined };
}

const defaultPage = () => (typeof location === 'undefined' ? '/' : location.pathname);
