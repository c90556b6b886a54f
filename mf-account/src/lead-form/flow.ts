/**
 * The lead form's steps and submit sequence (spec §4 Multi-step lead form / Form submit states) as plain functions,
 * so the island stays thin and the rules are tested without a browser.
 */
import { normaliseLeadCategory } from '@forecourt/contracts/api';
import { enquiryEventId, type AnalyticsEventId } from '@forecourt/contracts/analytics';
import type { LeadSubmittedInput } from '@forecourt/contracts/events';
import { allFields, toPayload, validateFields, type FieldErrors, type LeadFormConfig, type LeadValues } from './model.ts';
import { buildUserData, carContext, forgetContactDetails, recordVisitedPage, rememberContactDetails, writeLeadCarContext } from './storage.ts';
import { postLead, type SubmitResult } from './submit.ts';

export type StepOutcome = { ok: true; step: number; last: boolean } | { ok: false; errors: FieldErrors };

/**
 * Checks the current step's fields only; when they pass, the next step (the form advances step by step and only the
 * last step submits). On the last step, `last` is true: the caller submits.
 */
export function advanceStep(config: LeadFormConfig, values: LeadValues, step: number): StepOutcome {
  const current = config.steps[step];
  if (!current) return { ok: true, step, last: true };
  const errors = validateFields(config, values, current.fields);
  if (Object.keys(errors).length) return { ok: false, errors };
  const last = step >= config.steps.length - 1;
  return { ok: true, step: last ? step : step + 1, last };
}

/** The whole form's errors (the last step's submit re-checks every step, in case an earlier value changed). */
export const validateAll = (config: LeadFormConfig, values: LeadValues): FieldErrors => validateFields(config, values, allFields(config));

/** The first step holding one of these errors (a failed submit goes back there). */
export function firstStepWithError(config: LeadFormConfig, errors: FieldErrors): number {
  const index = config.steps.findIndex((s) => s.fields.some((f) => errors[f]));
  return index < 0 ? 0 : index;
}

/** The browser's side of a submit, injectable for tests. */
export type LeadEnvironment = {
  storage: (Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>) | null;
  fetch?: typeof fetch;
  /**
   * Tells the page's other parts a lead went through (`lead.submitted.v1`). Not analytics: edge-api records the
   * lead's analytics event itself, in the same transaction as the lead, so it is counted once.
   */
  emit: (payload: LeadSubmittedInput) => boolean;
  navigate: (href: string) => void;
  /** The page's address (userData.url) and its path with query (visited pages). */
  url: string;
  userAgent: string;
  now?: () => number;
};

export type SendInput = {
  config: LeadFormConfig;
  values: LeadValues;
  leadId: string;
  turnstileToken?: string;
  /** Remember the contact details on this device (the form's checkbox, on by default). */
  remember: boolean;
};

/** The analytics id of a lead: 51 for careers (rewritten category), else the form's id or the car type's enquiry id. */
export function leadEventId(config: Pick<LeadFormConfig, 'eventId' | 'car' | 'category' | 'subcategory'>): AnalyticsEventId {
  if (normaliseLeadCategory({ category: config.category }).eventId) return 51;
  return (config.eventId as AnalyticsEventId | undefined) ?? enquiryEventId(config.car?.car_type ?? null);
}

export const successHref = (leadId: string) => `/success?lead_id=${encodeURIComponent(leadId)}`;

/**
 * Sends the lead; on success announces it (lead.submitted.v1), remembers (or forgets) the contact details, stores the car context
 * for /success and goes there. On failure nothing is stored and the caller shows the message.
 */
export async function sendLead(input: SendInput, env: LeadEnvironment): Promise<SubmitResult> {
  const { config, values, leadId } = input;
  const { payload } = normaliseLeadCategory({ ...toPayload(config, values), category: config.category });
  const path = (() => {
    try {
      const u = new URL(env.url);
      return u.pathname + u.search;
    } catch {
      return '/';
    }
  })();
  const pages = recordVisitedPage(env.storage, path);
  const userData = buildUserData({ url: env.url, userAgent: env.userAgent, pages, ...(config.car ? { car: config.car } : {}) });
  const body = { payload: { ...payload, lead_attributes: userData.lead_attributes }, userData, lead_id: leadId, ...(input.turnstileToken ? { turnstile_token: input.turnstileToken } : {}) };
  const result = await postLead(body, { action: config.action, ...(env.fetch ? { fetch: env.fetch } : {}) });
  if (!result.ok) return result;

  if (input.remember) rememberContactDetails(env.storage, values);
  else forgetContactDetails(env.storage);
  const car = carContext(config.car);
  writeLeadCarContext(env.storage, { lead_id: result.leadId, category: payload.category ?? config.category, at: (env.now ?? Date.now)(), ...(car ? { car } : {}) });
  const event: LeadSubmittedInput = { lead_id: result.leadId, category: payload.category ?? config.category, event_id: leadEventId(config) };
  if (payload.subcategory) event.subcategory = payload.subcategory;
  if (config.car?.id) event.car_id = config.car.id;
  env.emit(event);
  env.navigate(successHref(result.leadId));
  return result;
}

/** A fresh lead id (UUID v4) for a form that just opened; the same id is reused for every retry of that form. */
export function newLeadId(cryptoImpl: Pick<Crypto, 'randomUUID'> | undefined = globalThis.crypto): string {
  return cryptoImpl!.randomUUID();
}
