import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { ISLAND_ATTR, ISLAND_PROPS_ATTR } from '@forecourt/contracts/fragments';
import { PAGES } from '@forecourt/contracts/routes';
import { siteConfig } from '../test/tenant.ts';
import { VehiclePlaceholder } from './VehiclePlaceholder.tsx';

const config = siteConfig();

describe('vehicle placeholder fragments', () => {
  it('every page has breadcrumbs, its heading, the dealer phone and email and a link to stock', () => {
    for (const page of PAGES['mf-vehicle']) {
      const html = renderToString(<VehiclePlaceholder page={page} config={config} />);
      expect(html).toMatch(/<nav aria-label="Breadcrumb" class="fc-breadcrumbs"><ol><li><a href="\/">Home<\/a><\/li><li aria-current="page">[^<]+<\/li><\/ol><\/nav><h1>[^<]+<\/h1>/);
      expect(html).toContain('coming soon');
      expect(html).toContain('<a href="tel:0730000000">07 3000 0000</a>');
      expect(html).toContain('<a href="mailto:sales@example.com.au">sales@example.com.au</a>');
      expect(html).toContain('href="/search/new-used-and-demo-cars"');
    }
  });
  it('names the page in the breadcrumb and heading', () => {
    const html = renderToString(<VehiclePlaceholder page="test-drive" config={config} />);
    expect(html).toContain('<li aria-current="page">Book a test drive</li>');
    expect(html).toContain('<h1>Book a test drive</h1>');
  });
  it('the vehicle page carries the CopyLink island, hidden until hydrated', () => {
    const html = renderToString(<VehiclePlaceholder page="vehicle" config={config} />);
    expect(html).toContain(`<div id="fv-copy-link" ${ISLAND_ATTR}="mf-vehicle/CopyLink" class="fc-island">`);
    expect(html).toContain(`<script type="application/json" ${ISLAND_PROPS_ATTR}="fv-copy-link">{}</script>`);
    expect(html).toMatch(/<button type="button" class="fc-btn fv-share__copy" hidden="">Copy link<\/button>/);
  });
  it('other pages have no island', () => {
    expect(renderToString(<VehiclePlaceholder page="checkout" config={config} />)).not.toContain(ISLAND_ATTR);
  });
});
