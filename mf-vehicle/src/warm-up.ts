/**
 * The mf-vehicle isolate's warm-up (issue 19, cold start; contracts warm-up.ts): at module start, before any request,
 * a made-up car's page is made WARM_UP_ROUNDS times through the route's own code (routes/fragments.tsx
 * `vehicleFragment`: the head, JSON-LD, gallery and slots, React's render of the whole page) after the read model's
 * validation as mf-search's answer arrives (contracts INTERNAL.car) and the tenant middleware's reads, so a fresh
 * isolate's first car page, the page most shoppers land on, meets warm code. No I/O, no Response.
 */
import { renderToString } from 'react-dom/server';
import * as v from 'valibot';
import { photoImages, richSiteConfigInput, richTenantDataInput, sampleCar } from '@forecourt/contracts/made-up';
import { parseSiteConfig } from '@forecourt/contracts/tenant';
import { parseTenantData } from '@forecourt/contracts/tenant-data';
import { INTERNAL } from '@forecourt/contracts/internal';
import { createWarmUp, warmUpTenantReads, WARM_UP_NOW, WARM_UP_ROUNDS, WARM_UP_TENANT } from '@forecourt/contracts/warm-up';
import { vehicleFragment } from './routes/fragments.tsx';

/** Runs the warm-up; answers the characters of the pages it rendered (a test's proof that pages were made). */
export async function warmUpVehicle({ rounds = WARM_UP_ROUNDS, now = new Date(WARM_UP_NOW) }: { rounds?: number; now?: Date } = {}): Promise<number> {
  await warmUpTenantReads(rounds);
  const config = parseSiteConfig(richSiteConfigInput(WARM_UP_TENANT));
  const data = parseTenantData(WARM_UP_TENANT, richTenantDataInput());
  let chars = 0;
  for (let i = 0; i < rounds; i++) {
    // The car as mf-search answers it, validated as the page's read of it does (contracts callInternal).
    const { car } = v.parse(INTERNAL.car.answer, JSON.parse(JSON.stringify({ car: { ...sampleCar, ...photoImages(19), id: String(900_100 + i), reserved: i === 2 } })));
    const parts = vehicleFragment({ config, car, reservationKnown: true, data, market: null, delivery: null, postcode: '', content: null, today: now });
    chars += renderToString(parts.element).length + JSON.stringify(parts.head).length;
  }
  return chars;
}

/** The isolate's warm-up record: worker.tsx starts it, a Worker test reads it. */
export const warmUp = createWarmUp('mf-vehicle');
