/**
 * What the lead-form kit keeps in the shopper's browser (spec §3 Browser-stored data): the remembered contact details
 * (so a shopper never types them twice, WCAG 3.3.7), the car context the /success page shows, and the pages visited
 * before the lead (lead_attributes). Every reader validates and falls back; every writer survives blocked storage.
 */
import * as v from 'valibot';
import type { LeadAttributes, LeadUserDataSchema } from '@forecourt/contracts/api';
import { ContactDetailsSchema, parseStored, STORAGE_KEYS, type ContactDetails } from '@forecourt/contracts/browser-storage';
import { IdSchema } from '@forecourt/contracts/entities/common';
import type { LeadCar, LeadValues } from './model.ts';

type Readable = Pick<Storage, 'getItem'> | null;
type Writable = Pick<Storage, 'setItem' | 'removeItem'> | null;

function safely<T>(fallback: T, run: () => T): T {
  try {
    return run();
  } catch {
    return fallback;
  }
}

const EMPTY_CONTACT: ContactDetails = { name: '', last_name: '', email: '', phone: '', postcode: '' };

export function readContactDetails(storage: Readable): ContactDetails {
  if (!storage) return EMPTY_CONTACT;
  return safely(EMPTY_CONTACT, () => parseStored(ContactDetailsSchema, storage.getItem(STORAGE_KEYS.contactDetails), EMPTY_CONTACT));
}

/** Remembers the contact fields of a sent lead; a field the form did not have keeps its stored value. */
export function rememberContactDetails(storage: Pick<Storage, 'getItem' | 'setItem'> | null, values: LeadValues): boolean {
  if (!storage) return false;
  const next: ContactDetails = { ...readContactDetails(storage) };
  for (const k of ['name', 'last_name', 'email', 'phone', 'postcode'] as const) {
    const value = values[k];
    if (typeof value === 'string' && value.trim()) next[k] = value.trim();
  }
  return safely(false, () => {
    storage.setItem(STORAGE_KEYS.contactDetails, JSON.stringify(next));
    return true;
  });
}

/** The shopper asked not to be remembered on this device. */
export function forgetContactDetails(storage: Writable): void {
  safely(undefined, () => storage?.removeItem(STORAGE_KEYS.contactDetails));
}

/** The /success page's context: which lead, what it was about, and the car when there was one. */
export const LeadCarContextSchema = v.object({
  lead_id: IdSchema,
  category: v.string(),
  at: v.pipe(v.number(), v.integer(), v.minValue(0)),
  car: v.optional(
    v.object({
      id: IdSchema,
      name: v.pipe(v.string(), v.maxLength(300)),
      slug: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/))),
      car_type: v.optional(v.string()),
    }),
  ),
});
export type LeadCarContext = v.InferOutput<typeof LeadCarContextSchema>;

export function writeLeadCarContext(storage: Pick<Storage, 'setItem'> | null, context: LeadCarContext): boolean {
  if (!storage) return false;
  return safely(false, () => {
    storage.setItem(STORAGE_KEYS.leadCar, JSON.stringify(context));
    return true;
  });
}

export function readLeadCarContext(storage: Readable): LeadCarContext | null {
  if (!storage) return null;
  return safely(null, () => parseStored(v.nullable(LeadCarContextSchema), storage.getItem(STORAGE_KEYS.leadCar), null));
}

/** The car part of the context (only what the success page needs). */
export function carContext(car: LeadCar | undefined): LeadCarContext['car'] {
  if (!car) return undefined;
  const out: NonNullable<LeadCarContext['car']> = { id: car.id, name: car.name };
  if (car.slug) out.slug = car.slug;
  if (car.car_type) out.car_type = car.car_type;
  return out;
}

/** Pages kept for lead_attributes.visited_pages (most recent last). */
// The visited-pages list is shared with the shell, which records every page (contracts/browser-storage).
export { readVisitedPages, recordVisitedPage, VISITED_PAGES_LIMIT } from '@forecourt/contracts/browser-storage';

/** Marketing parameters that travel with a lead (campaign attribution), from the landing URLs. */
const LINKED_PARAM = /^(utm_[a-z_]+|gclid|gbraid|wbraid|fbclid|msclkid|dclid)$/;

/** linked_query_params: the marketing parameters seen in the visited pages and the current URL (latest wins). */
export function linkedQueryParams(pages: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const page of pages) {
    const q = page.indexOf('?');
    if (q < 0) continue;
    for (const [k, value] of new URLSearchParams(page.slice(q + 1))) if (LINKED_PARAM.test(k) && value) out[k] = value.slice(0, 500);
  }
  return out;
}

export function leadAttributes(pages: readonly string[]): LeadAttributes {
  return { visited_pages: pages.map((p) => p.split('#')[0]!), linked_query_params: linkedQueryParams(pages) };
}

/** userData of spec §7 Lead submission: url, source Website, user_agent, car_id, car_dealership_id, lead_attributes. */
export function buildUserData(input: { url: string; userAgent: string; car?: LeadCar; pages: readonly string[] }): v.InferInput<typeof LeadUserDataSchema> {
  const userData: v.InferInput<typeof LeadUserDataSchema> = {
    url: input.url.slice(0, 2048),
    source: 'Website',
    user_agent: input.userAgent.slice(0, 1000),
    lead_attributes: leadAttributes(input.pages),
  };
  if (input.car?.id) userData.car_id = input.car.id;
  if (input.car?.dealership_id) userData.car_dealership_id = input.car.dealership_id;
  return userData;
}
