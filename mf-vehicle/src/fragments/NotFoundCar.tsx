import { telHref } from '@forecourt/contracts/display';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { Breadcrumbs } from '@forecourt/ui';

/** Search suggestions of the vehicle 404: the stock pages, and the make/model the slug seems to name. */
export function suggestionsFor(slug: string): Array<{ label: string; href: string }> {
  const links = [
    { label: 'All new, used and demo cars', href: '/search/new-used-and-demo-cars' },
    { label: 'Used cars', href: '/search/used-cars' },
    { label: 'New and demo cars', href: '/search/new-and-demo-cars' },
  ];
  // '2021-toyota-corolla-ascent-123' -> the Toyota Corolla search (year first, id last in car slugs).
  const words = slug.split('-').filter((w) => w && !/^\d+$/.test(w));
  if (words.length >= 2 && words.every((w) => /^[a-z0-9]+$/.test(w))) {
    const [make, model] = words as [string, string];
    const title = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
    links.unshift({ label: `${title(make)} ${title(model)} cars`, href: `/search/${make}/${model}` }, { label: `All ${title(make)} cars`, href: `/search/${make}` });
  }
  return links;
}

/** The vehicle page's own 404 (status 404 with a body, which the shell shows): the car is gone, here is where to look. */
export function NotFoundCar({ slug, config }: { slug: string; config: Pick<SiteConfig, 'name' | 'contact'> }) {
  return (
    <article className="fv-page fv-404">
      <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: 'Car not found' }]} />
      <h1>Sorry, we couldn't find that car</h1>
      <p>It may have been sold or the link may be wrong. These searches may help:</p>
      <ul className="fv-404__links">
        {suggestionsFor(slug).map((l) => (
          <li key={l.href}>
            <a href={l.href}>{l.label}</a>
          </li>
        ))}
      </ul>
      <form className="fv-404__search" method="get" action="/search/new-used-and-demo-cars" role="search">
        <label htmlFor="fv-404-query">Search our stock</label>
        <input id="fv-404-query" name="query" type="search" autoComplete="off" />
        <button type="submit" className="fc-btn fc-btn--primary">
          Search
        </button>
      </form>
      <p>
        Or call {config.name} on <a href={telHref(config.contact.phone)}>{config.contact.phone}</a>.
      </p>
    </article>
  );
}
