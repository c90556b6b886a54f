/**
 * The mf-account isolate's warm-up (issue 19, cold start; contracts warm-up.ts): at module start, its part of every
 * page (the header's account slot) made for both kinds of tenant, the four lead forms of a car page's dialogs made for
 * a made-up car through the slot's own renderer (lead-form/slot-cache.tsx, into a template cache of its own: the
 * isolate's keeps only real tenants' forms), the tenant middleware's reads of a made-up tenant, and the router's choice
 * and first matches of the pages the shell asks for, so a fresh isolate's first request meets warm code. No I/O, no
 * Response.
 */
import { leadFormCarParams, type LeadFormKind } from '@forecourt/contracts/lead-forms';
import { richSiteConfigInput, richTenantDataInput, sampleCar } from '@forecourt/contracts/made-up';
import { readSlotParams, slotFor } from '@forecourt/contracts/slots';
import { parseSiteConfig } from '@forecourt/contracts/tenant';
import { parseTenantData } from '@forecourt/contracts/tenant-data';
import { createWarmUp, warmUpRoutes, warmUpTenantReads, WARM_UP_NOW, WARM_UP_ROUNDS, WARM_UP_TENANT } from '@forecourt/contracts/warm-up';
import { headerSlotHtml } from './fragments/header-slot-html.ts';
import { renderSlotLeadForm, TemplateCache } from './lead-form/slot-cache.tsx';

/** The paths the shell asks this Worker for most (every page's header slot first). */
const PATHS = ['/fragments/header-account', '/fragments/lead-form', '/fragments/sign-in', '/fragments/watchlist'];

/** The forms of a car page's dialogs (mf-vehicle asks for each with the car's params, layout `dialog`). */
export const WARM_UP_DIALOG_FORMS: readonly LeadFormKind[] = ['enquire', 'test-drive', 'request-photos', 'car-contact'];

/** Runs the warm-up; answers the characters it made (a test's proof). */
export async function warmUpAccount(router: { match(method: string, path: string): unknown }, rounds = WARM_UP_ROUNDS): Promise<number> {
  let chars = await warmUpTenantReads(rounds);
  const config = parseSiteConfig(richSiteConfigInput(WARM_UP_TENANT));
  const data = parseTenantData(WARM_UP_TENANT, richTenantDataInput());
  const forms = { locations: data.locations, offers: data.offers };
  const templates = new TemplateCache();
  for (let i = 0; i < rounds; i++) {
    chars += headerSlotHtml(true).length + headerSlotHtml(false).length;
    // Another car each round: the first renders each form's template, the later ones write a car into it.
    const car = { ...sampleCar, id: String(900_300 + i), slug: `${sampleCar.slug}-${i}`, name: `${sampleCar.name} ${i}` };
    for (const form of WARM_UP_DIALOG_FORMS) {
      const query = new URLSearchParams(slotFor('leadForm', `${form}-form`, { form, id: `fv-${form}-form`, layout: 'dialog', ...leadFormCarParams(car) }).params);
      const params = readSlotParams('leadForm', query);
      if (!params.success) throw new Error(`warm-up: the lead-form slot refused a car page’s ${form} form`);
      chars += renderSlotLeadForm(params.output, config, forms, WARM_UP_NOW, templates).html.length;
    }
  }
  warmUpRoutes(router, PATHS, rounds);
  return chars;
}

/** The isolate's warm-up record: worker.tsx starts it, a Worker test reads it. */
export const warmUp = createWarmUp('mf-account');
