import type { Car } from '@forecourt/contracts/entities/car';
import type { Location } from '@forecourt/contracts/entities/location';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { Breadcrumbs, Island } from '@forecourt/ui';
import { LeadContext } from '../fragments/LeadContext.tsx';
import type { FaqItem } from './faq.ts';
import { TradeInFaq } from './TradeInFaq.tsx';
import TradeInJourney from './TradeInJourney.tsx';
import type { TradeInJourneyProps } from './view.ts';

export type TradeInPageProps = {
  title: string;
  intro: string;
  car: Car | null;
  location: Location | null;
  config: Pick<SiteConfig, 'name' | 'contact'>;
  journey: TradeInJourneyProps;
  faq: FaqItem[];
};

/**
 * A journey page (`/trade-in`, `/cars/trade-in?car_id=`, `/sell-my-car`, `/sell-your-car`): the steps (the island) in
 * one column, the car being bought, the dealer and its hours beside them (issue 13's layout, the lead pages'
 * LeadContext), the Trade-In FAQ below.
 */
export function TradeInPage({ title, intro, car, location, config, journey, faq }: TradeInPageProps) {
  return (
    <article className="fv-page ftr-page">
      <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, ...(car ? [{ label: car.name, href: `/cars/${car.slug}` }] : []), { label: title }]} />
      <h1>{title}</h1>
      <p className="fv-page__intro">{intro}</p>
      <div className="fv-form-layout">
        <div className="fv-form-layout__form">
          <Island
            remote="mf-vehicle"
            module="TradeInJourney"
            id="ftr-journey"
            component={TradeInJourney}
            props={journey}
            when={[{ kind: 'interaction' }, { kind: 'storage', key: 'forecourt:contact-details' }]}
          />
        </div>
        <LeadContext car={car} location={location} config={config} />
      </div>
      <TradeInFaq items={faq} />
    </article>
  );
}
