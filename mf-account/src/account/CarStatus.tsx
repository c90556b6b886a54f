import type { CarStatusText } from './model.ts';

const KIND: Record<CarStatusText, string> = { Available: 'ok', 'Coming soon': 'ok', Reserved: 'warn', Sold: 'off', 'No longer listed': 'off' };

/** A saved car's status as a labelled badge (text, never colour alone). */
export function CarStatus({ status }: { status: CarStatusText }) {
  return <span className={`fa-status fa-status--${KIND[status]}`}>{status}</span>;
}
