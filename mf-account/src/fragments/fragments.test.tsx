import { iconHtml } from '@forecourt/ui/icon-html';
import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { ISLAND_ATTR, ISLAND_PROPS_ATTR } from '@forecourt/contracts/fragments';
import { siteConfig } from '../test/tenant.ts';
import { AccountPage } from './AccountPage.tsx';
import { HeaderSlot } from './HeaderSlot.tsx';

const config = siteConfig();

describe('header account slot', () => {
  const html = renderToString(<HeaderSlot watchlist={false} />);
  it('on a watchlist site, loads once the signed-in shopper\'s list is cached or changes, and counts it', () => {
    const watchlist = renderToString(<HeaderSlot watchlist={true} />);
    expect(watchlist).toContain('data-island-when="storage:forecourt:watchlist event:watchlist.changed.v1"');
    expect(watchlist).toMatch(new RegExp(`<script type="application/json" ${ISLAND_PROPS_ATTR}="fa-header-account">\\{"watchlist":true\\}</script>$`));
  });
  it('is an mf-account/HeaderAccount island with its props script outside the root', () => {
    // Loaded only once there are saved cars (stored, or saved on this page): a first visit needs no mf-account code.
    expect(html).toMatch(new RegExp(`<div id="fa-header-account" ${ISLAND_ATTR}="mf-account/HeaderAccount" class="fc-island" data-island-when="storage:forecourt:favourites event:favourites.changed.v1">`));
    expect(html).toMatch(new RegExp(`</div><script type="application/json" ${ISLAND_PROPS_ATTR}="fa-header-account">\\{"watchlist":false\\}</script>$`));
  });
  it('server-renders a count of 0 (localStorage is read after hydration) with a clear accessible name', () => {
    expect(html).toContain('href="/watchlist"');
    expect(html).toMatch(/<span data-favourites-count="">0<\/span>/);
    expect(html).toContain(`<a href="/watchlist" class="fc-btn fa-count">${iconHtml('heart')} <span data-favourites-count="">0</span>`);
    expect(html).toContain('<span class="fc-visually-hidden"> <!-- -->saved cars</span>');
    // fc-btn gives the 44px target.
    expect(html).toContain('class="fc-btn fa-count"');
  });
});

describe('account pages', () => {
  it('the watchlist says where saved cars are kept and gives the dealer phone and a link home', () => {
    const html = renderToString(<AccountPage page="watchlist" config={config} />);
    expect(html).toContain('Cars you save are kept on this device.');
    expect(html).toContain('<a href="tel:0730000000">07 3000 0000</a>');
    expect(html).toContain('href="/"');
  });
  it('watchlist renders the saved-cars island with its server empty state', () => {
    const html = renderToString(<AccountPage page="watchlist" config={config} />);
    expect(html).toContain('<h1>Your saved cars</h1>');
    expect(html).toContain(`${ISLAND_ATTR}="mf-account/SavedCars"`);
    expect(html).toContain('You have no saved cars yet.');
    expect(html).toContain('href="/search/new-used-and-demo-cars"');
    expect(html).not.toContain('mf-account/CompareCars');
  });
  it('watchlist of a tenant in compare mode adds the comparison (#compare) with its empty state', () => {
    const compareConfig = siteConfig('test-motors', { search: { card_control: 'compare' } });
    const html = renderToString(<AccountPage page="watchlist" config={compareConfig} />);
    expect(html).toContain('<section id="compare"');
    expect(html).toContain('<h2 id="fa-compare-h">Compare cars</h2>');
    expect(html).toContain(`${ISLAND_ATTR}="mf-account/CompareCars"`);
    expect(html).toContain('You have not picked any cars to compare yet.');
    // The compare feature switched off hides it even in compare mode.
    const off = siteConfig('test-motors', { search: { card_control: 'compare' }, features: { compare: false } });
    expect(renderToString(<AccountPage page="watchlist" config={off} />)).not.toContain('CompareCars');
  });
  it('signed out on a watchlist site: the sign-in link, and an island that forgets a list cached for a signed-out shopper', () => {
    const html = renderToString(<AccountPage page="watchlist" config={config} signInHref="/sign-in?type=watchlist" />);
    expect(html).toContain('<div id="fa-device-favourites" data-island="mf-account/MergeFavourites" class="fc-island" data-island-when="storage:forecourt:watchlist"></div>');
    expect(html).toContain('{"account":null,"done":"/watchlist"}');
    expect(renderToString(<AccountPage page="watchlist" config={config} />)).not.toContain('MergeFavourites');
  });
  it('the device page shows a plain form\'s outcome (My Garage\'s delete lands here, signed out)', () => {
    const html = renderToString(<AccountPage page="watchlist" config={config} messages={{ done: 'Your account and saved data are deleted.', error: null }} />);
    expect(html).toContain('<p class="fa-msg" role="status">Your account and saved data are deleted.</p>');
  });
});
