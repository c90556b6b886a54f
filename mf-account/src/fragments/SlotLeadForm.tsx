/**
 * A lead form another part hosts through the lead-form slot (contracts/lead-forms.ts, SLOTS.leadForm): the plain
 * no-JavaScript form inside the kit's client-mode `mf-account/LeadForm` island, laid out as the host asked (a section
 * with its heading, a page's one form, or a dialog's form whose code loads only once the dialog is shown). A section or
 * page form loads with the page unless the form says when (forms.ts FIRST_USE_WHEN).
 */
import { Island, VISIBLE } from '@forecourt/ui';
import { LeadFormIsland } from '../lead-form/LeadFormIsland.tsx';
import { NoScriptLeadForm } from '../lead-form/NoScriptLeadForm.tsx';
import type { SlotForm } from '../lead-form/forms.ts';

export function SlotLeadForm({ form }: { form: SlotForm }) {
  const { config, title, layout, when } = form;
  if (layout === 'dialog') {
    return (
      <Island remote="mf-account" module="LeadForm" id={config.id} mode="client" when={VISIBLE} props={config}>
        <NoScriptLeadForm config={config} />
      </Island>
    );
  }
  if (layout === 'page') return <LeadFormIsland config={config} {...(when ? { when } : {})} />;
  return (
    <section className="fa-form-section" aria-labelledby={`${config.id}-title`}>
      <h2 id={`${config.id}-title`}>{title}</h2>
      <LeadFormIsland config={config} {...(when ? { when } : {})} />
    </section>
  );
}
