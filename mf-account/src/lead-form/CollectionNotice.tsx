import type { LeadFormConfig } from './model.ts';

/** Collection notice (Australian Privacy Principle 5): who collects the details, why, and where the policy is. */
export function CollectionNotice({ config }: { config: LeadFormConfig }) {
  return (
    <p className="flf-notice">
      {config.collector} collects your details to respond to your enquiry. Read our <a href={config.privacyHref}>collection notice and privacy policy</a>.
    </p>
  );
}
