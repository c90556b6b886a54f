import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { parseSiteConfig } from '@forecourt/contracts/tenant';
import { groupConfigInput, groupData } from '../test/group.ts';
import { listPageView } from '../lib/list-page.ts';
import { selectionFor } from '../lib/list.ts';
import { DealershipCard } from './DealershipCard.tsx';

const config = parseSiteConfig(groupConfigInput());
const v = listPageView('locations', new URLSearchParams(), config, groupData(), new Date('2026-03-04T00:00:00Z'));
const hyundai = v.groups.find((g) => g.slug === 'harbour-hyundai')!;
const kia = v.groups.find((g) => g.slug === 'bay-kia-mazda')!;
const render = (group = hyundai, tab: string | null = null, interactive = false) =>
  renderToString(<DealershipCard group={group} selection={selectionFor(group, tab)} interactive={interactive} keep={[['locationQuery', 'hyundai']]} query="hyundai" />);
const tabs = (html: string) => [...html.matchAll(/<a id="([^"]+)" class="fl-tabs__tab" role="tab" href="([^"]+)" aria-selected="(true|false)" aria-controls="([^"]+)"(?: tabindex="(-?\d)")?>([^<]+)<\/a>/g)].map((m) => ({ id: m[1], href: m[2]!.replace(/&amp;/g, '&'), selected: m[3], controls: m[4], tabindex: m[5] ?? null, label: m[6] }));

describe('DealershipCard markup (ARIA tabs pattern)', () => {
  it('a tablist named by the dealership; each tab a link with aria-selected and aria-controls naming its panel', () => {
    const html = render();
    expect(html).toContain('<h2 class="fl-dcard__name" id="fl-d-harbour-hyundai-name">Harbour Hyundai</h2>');
    expect(html).toContain('role="tablist" aria-label="Harbour Hyundai locations"');
    expect(tabs(html)).toEqual([
      { id: 'fl-tab-harbour-hyundai-hsa', href: '?locationQuery=hyundai&tab=hsa#fl-d-harbour-hyundai', selected: 'true', controls: 'fl-panel-harbour-hyundai-hsa', tabindex: null, label: 'Sales, Service &amp; Parts' },
      { id: 'fl-tab-harbour-hyundai-hus', href: '?locationQuery=hyundai&tab=hus#fl-d-harbour-hyundai', selected: 'false', controls: 'fl-panel-harbour-hyundai-hus', tabindex: null, label: 'Used cars' },
    ]);
    // Every panel is in the page (aria-controls always names one); only the selected one shows.
    expect(html).toContain('<div id="fl-panel-harbour-hyundai-hsa" class="fl-dcard__panel" role="tabpanel" aria-labelledby="fl-tab-harbour-hyundai-hsa" tabindex="0">');
    expect(html).toContain('<div id="fl-panel-harbour-hyundai-hus" class="fl-dcard__panel" role="tabpanel" aria-labelledby="fl-tab-harbour-hyundai-hus" tabindex="0" hidden="">');
  });

  it('?tab= selects server-side; once hydrated a roving tabindex (the selected tab 0, the others -1)', () => {
    expect(tabs(render(hyundai, 'hus')).map((t) => t.selected)).toEqual(['false', 'true']);
    expect(tabs(render(hyundai, 'hus', true)).map((t) => t.tabindex)).toEqual(['-1', '0']);
  });

  it('several types at one address: a labelled Location type select (a GET form naming ?tab=), the chosen type shown', () => {
    const html = render(hyundai, 'hpa');
    expect(html).toContain('<label for="fl-type-harbour-hyundai-hsa">Location type</label>');
    expect(html).toMatch(/<select id="fl-type-harbour-hyundai-hsa" name="tab">/);
    expect(html).toMatch(/<option value="hpa" selected="">Parts<\/option>/);
    expect(html).toContain('<input type="hidden" name="locationQuery" value="hyundai"/>');
    expect(html).toContain('<button class="fc-btn fc-btn--sm" type="submit">Show</button>');
    expect(html).toContain('<h3 class="fl-loc__name" id="fl-loc-hpa">Harbour Hyundai Parts</h3>');
    expect(html).not.toContain('id="fl-loc-hsa"');
    // Hydrated, the select switches in place; the Show button stays where it was (no layout shift), harmless.
    const hydrated = render(hyundai, 'hpa', true);
    expect(hydrated).toContain('<button class="fc-btn fc-btn--sm" type="submit">Show</button>');
    expect(hydrated).not.toMatch(/type="submit" hidden/);
  });

  it('one address: no tablist, no select; the location’s details, image, website links', () => {
    const html = render(kia);
    expect(html).not.toContain('role="tablist"');
    expect(html).not.toContain('role="tabpanel"');
    expect(html).not.toContain('<select');
    expect(html).toContain('<a class="fc-btn fc-btn--ghost fc-btn--sm" href="https://bay.example.com.au/kia" rel="noopener">Visit Kia website<span class="fc-visually-hidden">: <!-- -->Bay Kia &amp; Mazda</span></a>');
    expect(html).toContain('href="tel:0732080000">Call <!-- -->07 3208 0000</a>');
    expect(html).toContain('<a href="/locations/bay-kia-mazda">View location details');
    expect(html).toContain('DL# <!-- -->MD12345');
  });

  it('the image: its size, lazy, with alt text', () => {
    expect(render(hyundai)).toContain('<img class="fl-loc__image" src="/demo-img/place/1f4e8c/sales.svg" alt="Harbour Hyundai Sales, 12 Dennis Road, Springwood" width="640" height="360" loading="lazy" decoding="async"/>');
  });
});
