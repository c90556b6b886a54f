/**
 * Analytics event ids of spec §7, sent through one helper to edge-api (ARCHITECTURE.md "Analytics").
 */
import * as v from 'valibot';
import { IdSchema } from './entities/common.ts';
import { isTestDriveOnly } from './entities/car.ts';

export const ANALYTICS_EVENTS = {
  USED_CAR_VIEW: 4,
  FINANCE_ENQUIRY: 9,
  NEW_ENQUIRY: 14,
  USED_ENQUIRY: 15,
  /** Also 'Test Drive Only' cars. */
  NEW_TEST_DRIVE: 17,
  OFFER_ACCEPTED: 18,
  DEFAULT_FORM: 22,
  /** Meta says 'New Car' or 'Used Car' by path. */
  PHONE_CLICK: 25,
  FIRST_FINANCE_CALCULATOR_INTERACTION: 26,
  CODE_SENT: 36,
  CODE_VERIFIED: 37,
  SAVE_FAVOURITE: 39,
  USED_TEST_DRIVE: 48,
  SEARCH_PAGE_VIEW: 49,
  CAREER_ENQUIRY: 51,
  HISTORY_REPORT: 60,
  PRINT: 61,
} as const;
export type AnalyticsEventName = keyof typeof ANALYTICS_EVENTS;
export type AnalyticsEventId = (typeof ANALYTICS_EVENTS)[AnalyticsEventName];
export const ANALYTICS_EVENT_IDS = Object.values(ANALYTICS_EVENTS) as AnalyticsEventId[];

export const AnalyticsEventSchema = v.object({
  event_id: v.picklist(ANALYTICS_EVENT_IDS),
  /** Set by the server from the request's tenant; a browser value is ignored. */
  tenant: v.optional(v.string()),
  /** Path of the page the event happened on. */
  page: v.pipe(v.string(), v.startsWith('/'), v.maxLength(2048)),
  car_id: v.optional(IdSchema),
  meta: v.optional(v.record(v.string(), v.union([v.string(), v.number(), v.boolean(), v.null()]))),
});
export type AnalyticsEvent = v.InferOutput<typeof AnalyticsEventSchema>;

/** Enquiry event id: used cars 15, new and demo cars 14 (demo counted as new), no car 22 default form (spec §7). */
export const enquiryEventId = (carType?: 'new' | 'used' | 'demo' | null): AnalyticsEventId =>
  carType === 'used' ? ANALYTICS_EVENTS.USED_ENQUIRY : carType ? ANALYTICS_EVENTS.NEW_ENQUIRY : ANALYTICS_EVENTS.DEFAULT_FORM;

/** Test-drive event id: 48 for used cars, 17 for new/demo cars or any car tagged 'Test Drive Only' (spec §7). */
export const testDriveEventId = (car: { car_type: 'new' | 'used' | 'demo'; tag?: string | null }): AnalyticsEventId =>
  car.car_type === 'used' && !isTestDriveOnly({ tag: car.tag ?? null }) ? ANALYTICS_EVENTS.USED_TEST_DRIVE : ANALYTICS_EVENTS.NEW_TEST_DRIVE;
