import { useState } from 'react';
import { localStorageOrNull } from '@forecourt/contracts/browser-storage';
import { readLeadCarContext } from './storage.ts';
import './lead-form.css';

/** How long after the lead the success page still names its car (a later visit to /success shows the generic page). */
export const LEAD_CONTEXT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * The /success page's car context (spec §4 Multi-step lead form: the car is saved for the success page), exposed
 * as `mf-account/LeadSuccess` and mounted in client mode inside the shell's success page: it renders nothing when
 * the lead was not about a car, or the stored context is for another lead or too old.
 */
export default function LeadSuccess({ leadId, now = Date.now() }: { leadId?: string; now?: number }) {
  const [context] = useState(() => {
    const stored = readLeadCarContext(localStorageOrNull());
    const id = leadId ?? (typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('lead_id'));
    if (!stored?.car || now - stored.at > LEAD_CONTEXT_MAX_AGE_MS) return null;
    return !id || id === stored.lead_id ? stored : null;
  });
  if (!context?.car) return null;
  const { car } = context;
  return (
    <div className="flf-success-car">
      <p>
        Your enquiry is about the <strong>{car.name}</strong>.
      </p>
      {car.slug ? (
        <p>
          <a href={`/cars/${car.slug}`}>Back to the {car.name}</a>
        </p>
      ) : null}
    </div>
  );
}
