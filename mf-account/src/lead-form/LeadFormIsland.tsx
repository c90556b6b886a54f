import type { IslandTrigger } from '@forecourt/contracts/islands';
import { Island } from '@forecourt/ui';
import { NoScriptLeadForm } from './NoScriptLeadForm.tsx';
import type { LeadFormConfig, LeadValues } from './model.ts';

/**
 * A lead form as the lead-form slot server-renders it (README "The lead-form slot"): the plain no-JavaScript form
 * inside an `mf-account/LeadForm` island in client mode, so the island replaces the server markup instead of
 * hydrating it (it reads remembered details from localStorage before its first render). `when`: its load triggers
 * (contracts IslandTrigger), at once without them.
 * @example <LeadFormIsland config={slotForm(params, config, data).config} />
 */
export function LeadFormIsland({ config, values, when }: { config: LeadFormConfig; values?: LeadValues; when?: IslandTrigger[] }) {
  return (
    <Island remote="mf-account" module="LeadForm" id={config.id} mode="client" props={config} {...(when ? { when } : {})}>
      <NoScriptLeadForm config={config} {...(values ? { values } : {})} />
    </Island>
  );
}
