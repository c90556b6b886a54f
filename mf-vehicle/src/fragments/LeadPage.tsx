import type { Car } from '@forecourt/contracts/entities/car';
import type { Location } from '@forecourt/contracts/entities/location';
import { slotMarker } from '@forecourt/contracts/fragments';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { Breadcrumbs } from '@forecourt/ui';
import { PAGE_FORM_SLOT } from '../lib/lead-forms.ts';
import { LeadContext } from './LeadContext.tsx';

export type LeadPageProps = {
  title: string;
  intro: string;
  car: Car | null;
  /** The dealer location of the context card (lib/locations.ts contextLocation). */
  location: Location | null;
  config: Pick<SiteConfig, 'name' | 'contact'>;
};

/**
 * A page around one lead form (Book a test drive, Trade-in valuation, Sell my car): the form (a slot) in one column,
 * the car, dealer and hours beside it on wide screens, below it on small ones.
 */
export function LeadPage({ title, intro, car, location, config }: LeadPageProps) {
  return (
    <article className="fv-page fv-lead-page">
      <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, ...(car ? [{ label: car.name, href: `/cars/${car.slug}` }] : []), { label: title }]} />
      <h1>{title}</h1>
      <p className="fv-page__intro">{intro}</p>
      <div className="fv-form-layout">
        {/* The form: mf-account's lead-form slot (lib/lead-forms.ts pageFormSlot). */}
        <div className="fv-form-layout__form fv-slot" dangerouslySetInnerHTML={{ __html: slotMarker(PAGE_FORM_SLOT) }} />
        <LeadContext car={car} location={location} config={config} />
      </div>
    </article>
  );
}
