/**
 * The lead-form slot's render, once per form shape per isolate (issue 19: an uncached car page asks for four dialog
 * forms, and React rendering them was a quarter of the page's CPU). A car's forms differ from another car's of the same
 * tenant only in a few texts (its name in the title, its id, slug, stock number, dealership and tag in the hidden fields
 * and the island props), so the form is rendered once with a marker in place of each of those texts, kept as a
 * template, and each request writes its car's texts into the template, escaped as React (HTML) or the island props
 * (JSON) would have escaped them: the same bytes as a fresh render (slot-cache.test.tsx compares them).
 *
 * The template's key is the whole form built with the markers (JSON): the tenant's config and data, the form kind,
 * layout, car type and status, locations, offer and error all live in it, so a changed config or form can never be
 * answered from an older template (it is another key), and there is no digest to keep in step.
 */
import { renderToString } from 'react-dom/server';
import { isTestDriveOnly } from '@forecourt/contracts/entities/car';
import { serializeIslandProps } from '@forecourt/contracts/fragments';
import type { LeadFormSlotParams } from '@forecourt/contracts/lead-forms';
import { SlotLeadForm } from '../fragments/SlotLeadForm.tsx';
import { slotForm, type FormData, type FormSite, type SlotForm } from './forms.ts';

/**
 * Templates kept per isolate: a tenant's car page uses 4 form kinds x car type x status x which car fields are known
 * (a few dozen shapes per tenant), each ~5-10 KB with its key; 256 keeps several busy tenants' whole set in ~3 MB.
 */
export const LEAD_FORM_TEMPLATES_MAX = 256;

/**
 * The car's params that are only ever written out as text (never change the form's shape), so a marker can stand in
 * for them. `car_tag` only when it is not 'Test Drive Only' (that tag picks the test-drive analytics id).
 */
const CAR_TEXT_PARAMS = ['car_id', 'car_name', 'car_slug', 'dealership_id', 'dealership_slug', 'stock_number', 'car_tag'] as const;
type CarTextParam = (typeof CAR_TEXT_PARAMS)[number];

/** Start and end of a marker: private-use characters neither React nor JSON escape, never in a feed's text. */
const OPEN = '\uE000';
const CLOSE = '\uE001';
/** Per isolate, so no text can name a marker by chance. */
const NONCE = Math.random().toString(36).slice(2, 10);
const marker = (i: number) => `${OPEN}${NONCE}${i}${CLOSE}`;
const MARKER = new RegExp(`${OPEN}${NONCE}(\\d+)${CLOSE}`, 'g');
/** The island props' JSON scripts: markers inside them are JSON-escaped, elsewhere HTML-escaped. */
const JSON_SCRIPT = /<script type="application\/json"[^>]*>[^<]*<\/script>/g;

/** React's escaping of text and attribute values (react-dom-server `escapeTextForBrowser`). */
const HTML_ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };
const escapeHtml = (text: string) => text.replace(/["&'<>]/g, (c) => HTML_ESCAPES[c]!);
/** A string inside island props, as serializeIslandProps writes it (without its quotes). */
const escapeJson = (text: string) => serializeIslandProps(text).slice(1, -1);

/** A rendered form cut at its markers: `parts[i]`, the text of `fills[i]`, `parts[i + 1]`, ... */
type Template = { parts: string[]; fills: { param: number; json: boolean }[] };

/** A small least-recently-used map (Map keeps insertion order: a hit moves its key to the end). */
export class TemplateCache {
  readonly #entries = new Map<string, Template>();
  constructor(readonly max = LEAD_FORM_TEMPLATES_MAX) {}
  get size() {
    return this.#entries.size;
  }
  get(key: string): Template | undefined {
    const found = this.#entries.get(key);
    if (found) {
      this.#entries.delete(key);
      this.#entries.set(key, found);
    }
    return found;
  }
  set(key: string, template: Template) {
    this.#entries.delete(key);
    this.#entries.set(key, template);
    while (this.#entries.size > this.max) this.#entries.delete(this.#entries.keys().next().value!);
  }
}

const templates = new TemplateCache();

function cut(html: string, count: number): Template {
  const scripts: [number, number][] = [];
  for (const m of html.matchAll(JSON_SCRIPT)) scripts.push([m.index, m.index + m[0].length]);
  const parts: string[] = [];
  const fills: Template['fills'] = [];
  let last = 0;
  for (const m of html.matchAll(MARKER)) {
    const param = Number(m[1]);
    if (param >= count) throw new Error('lead-form template: unknown marker');
    parts.push(html.slice(last, m.index));
    fills.push({ param, json: scripts.some(([from, to]) => m.index > from && m.index < to) });
    last = m.index + m[0].length;
  }
  parts.push(html.slice(last));
  return { parts, fills };
}

/**
 * The slot's form title (for the head) and its markup, rendered from the isolate's template of this form's shape
 * (rendered now when there is none yet). The markup is byte for byte what `renderToString(<SlotLeadForm form={form}/>)`
 * gives for `form = slotForm(p, site, data, undefined, now)`. Only for the shared slot (no per-shopper lead id).
 * @example const { title, html } = renderSlotLeadForm(params.output, config, data);
 */
export function renderSlotLeadForm(p: LeadFormSlotParams, site: FormSite, data: FormData, now = Date.now(), cache: TemplateCache = templates): { title: string; html: string } {
  const values: string[] = [];
  const marked: LeadFormSlotParams = { ...p };
  for (const name of CAR_TEXT_PARAMS) {
    const value = p[name];
    // Empty or absent values change the form's shape (no hidden field, no car): they stay in the key as they are.
    if (!value || (name === 'car_tag' && isTestDriveOnly({ tag: value }))) continue;
    // A text holding the marker's own character is rendered as it is (never mistaken for a marker).
    if (value.includes(OPEN)) {
      const form = slotForm(p, site, data, undefined, now);
      return { title: form.title, html: renderToString(<SlotLeadForm form={form} />) };
    }
    (marked as Record<CarTextParam, string | undefined>)[name] = marker(values.length);
    values.push(value);
  }
  const shape: SlotForm = slotForm(marked, site, data, undefined, now);
  const key = JSON.stringify(shape);
  let template = cache.get(key);
  if (!template) {
    template = cut(renderToString(<SlotLeadForm form={shape} />), values.length);
    cache.set(key, template);
  }
  let html = template.parts[0]!;
  for (let i = 0; i < template.fills.length; i++) {
    const { param, json } = template.fills[i]!;
    html += (json ? escapeJson(values[param]!) : escapeHtml(values[param]!)) + template.parts[i + 1]!;
  }
  // The title holds the car's name as it is (the head escapes it where it writes it).
  return { title: shape.title.replace(MARKER, (_, i: string) => values[Number(i)]!), html };
}
