import { html } from 'hono/html';
import type { Tenant } from './tenant.ts';

/** The home page's hero: the tenant's first banner with the stock search and trade-in calls to action. */
export function heroSection(tenant: Tenant) {
  const { config } = tenant;
  const features = config.features;
  const hero = config.banners[0];
  return html`<section class="fc-hero" aria-labelledby="fc-hero-title">
${hero ? html`<img class="fc-hero__img" src="${hero.image}" alt="" width="1920" height="540" fetchpriority="high">` : ''}
<div class="fc-hero__text">
<h1 id="fc-hero-title">${hero?.title ?? config.name}</h1>
${hero?.subtitle ? html`<p>${hero.subtitle}</p>` : ''}
<div class="fc-hero__actions"><a class="fc-btn fc-btn--primary" href="${hero?.href ?? '/search/new-used-and-demo-cars'}">${hero?.href ? 'Find out more' : 'Browse our stock'}</a>${features.trade_in ? html`<a class="fc-btn" href="/trade-in">Value my trade-in</a>` : ''}</div>
</div>
</section>`;
}
