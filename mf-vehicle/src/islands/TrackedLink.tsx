import { ANALYTICS_EVENTS } from '@forecourt/contracts/analytics';
import { track } from '@forecourt/contracts/track';

export type TrackedLinkProps = { href: string; label: string; event: 'HISTORY_REPORT'; carId: string; className?: string };

/** A link that records its spec §7 analytics id when followed (Car History Report: 60). Opens in a new tab. */
export default function TrackedLink({ href, label, event, carId, className = 'fc-btn' }: TrackedLinkProps) {
  return (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer" onClick={() => track({ event_id: ANALYTICS_EVENTS[event], car_id: carId })}>
      {label}
    </a>
  );
}
