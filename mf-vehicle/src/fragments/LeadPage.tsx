import { priceDisplay } from '@forecourt/contracts/display';
import type { Car } from '@forecourt/contracts/entities/car';
import { slotMarker } from '@forecourt/contracts/fragments';
import { Breadcrumbs } from '@forecourt/ui';
import { PAGE_FORM_SLOT } from '../lib/lead-forms.ts';

export type LeadPageProps = {
  title: string;
  intro: string;
  car: Car | null;
};

/** A page around one lead form (Book a test drive, Trade-in valuation, Sell my car), with the car when known; the form is a slot. */
export function LeadPage({ title, intro, car }: LeadPageProps) {
  const image = car?.images[0]?.image.url ?? car?.primary_image_url ?? null;
  return (
    <article className="fv-page fv-lead-page">
      <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, ...(car ? [{ label: car.name, href: `/cars/${car.slug}` }] : []), { label: title }]} />
      <h1>{title}</h1>
      <p>{intro}</p>
      {car ? (
        <aside className="fv-lead-page__car" aria-label="The car">
          {image ? <img src={image} alt="" width={240} height={160} /> : null}
          <p>
            <a href={`/cars/${car.slug}`}>
              <strong>{car.name}</strong>
            </a>
            <br />
            {priceDisplay(car).text}
          </p>
        </aside>
      ) : null}
      {/* The form: mf-account's lead-form slot (lib/lead-forms.ts pageFormSlot). */}
      <div className="fv-slot" dangerouslySetInnerHTML={{ __html: slotMarker(PAGE_FORM_SLOT) }} />
    </article>
  );
}
