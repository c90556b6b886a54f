/** The journey island's props: everything a step needs, serialisable (the island's JSON props script). */
import type { TradeInJourneyKind, TradeInJourneyState, TradeInSettings, TradeInTaxonomy } from '@forecourt/contracts/trade-in';

/** The manual form's lists (edge-api's taxonomy) and the picks they were read for ('' where none). */
export type TradeInLists = TradeInTaxonomy & { make: string; model: string; year: string };

export type TradeInNextLinks = {
  /** The car being bought (`/cars/trade-in?car_id=`): back to its page. */
  car: { href: string; name: string } | null;
  /** Get finance for it (a purchasable car). */
  finance: string | null;
  /** Reserve it online (the tenant reserves online and the car can be reserved). */
  reserve: string | null;
};

export type TradeInJourneyProps = {
  kind: TradeInJourneyKind;
  /** The page's path with its car (`/cars/trade-in?car_id=...`): every form's hidden `return`. */
  returnPath: string;
  /** The car being bought (its slug), sent with step 1. */
  carId: string | null;
  /** The journey's state from edge-api (null: not started). */
  state: TradeInJourneyState | null;
  /** The manual form is asked for (`?manual=1`, "Not my car?"). */
  manual: boolean;
  /**
   * The manual form as free text ("My car isn't listed", `?manual=1&free=1`): make, model and badge typed, the year
   * from all years, never the taxonomy's lists (a car the lists do not hold still gets through without JavaScript).
   */
  freeText: boolean;
  /** A notice above the form (an expired journey: start again). */
  notice: string | null;
  /** The error the page came back with (`trade_in_error`, `trade_in_error_fields`): the alert's text and field messages. */
  error: { message: string; fields: Record<string, string> } | null;
  /** The contact step's lead id (a UUID per render: a resubmitted form is one lead). */
  leadId: string;
  /** The tenant's lead rules: postcode asked (and required) only where they say so. */
  postcodeRequired: boolean;
  /** The tenant's lead rules ask for the terms of use to be accepted (`features.terms_required`). */
  termsRequired: boolean;
  dealerName: string;
  /** The collection notice (Privacy). */
  privacyHref: string;
  /** The dealer's phone, for the no-estimate promise and failures. */
  phone: string;
  /** The tenant's time zone (the contact promise's 'today by 5:30pm'). */
  timeZone: string;
  /** The trade-in team's hours (tenant `trade_in.hours`), null for spec §9's defaults: the contact promise's 'by 5pm'. */
  hours: NonNullable<TradeInSettings['hours']> | null;
  /** The tenant verifies the phone with a texted code (`trade_in.verify_phone`): the contact step asks for a mobile. */
  verifyPhone: boolean;
  /**
   * The tenant's Turnstile site key where its lead forms use Turnstile (`features.turnstile` and `turnstile_site_key`),
   * else null: the contact step carries the widget's token (`cf-turnstile-response`, sent as `turnstile_token`).
   */
  turnstileSiteKey: string | null;
  /** Render time (ms): the contact promise is worded against it. */
  now: number;
  /**
   * The manual form's lists as the server read them (so they work without JavaScript), or null (not the manual
   * screen, or edge-api did not answer: free-text fields).
   */
  taxonomy: TradeInLists | null;
  /** Years of the manual form's year list, newest first. */
  years: number[];
  /** After acceptance, with a car being bought: back to it, finance, reserve. */
  next: TradeInNextLinks;
};
