import { islandContainerProps, islandPropsScriptProps } from '@forecourt/contracts/islands';
import { NoScriptLeadForm } from './LeadFormView.tsx';
import type { LeadFormConfig, LeadValues } from './model.ts';

/**
 * The island mode attribute read by the shell's client (shell/src/client/islands.ts): `client` islands replace their
 * server HTML with createRoot instead of hydrating it.
 */
export const ISLAND_MODE_ATTR = 'data-island-mode';

/**
 * A lead form as a host remote server-renders it (README "Hosting a lead form"): the plain no-JavaScript form inside
 * an `mf-account/LeadForm` island in client mode, so the island (whatever version mf-account runs) replaces the
 * server markup instead of hydrating it, and host and kit versions never need to match.
 * @example <LeadFormIsland config={leadFormConfig({ id: 'fl-contact', features: config.features, ... })} />
 */
export function LeadFormIsland({ config, values }: { config: LeadFormConfig; values?: LeadValues }) {
  return (
    <>
      <div {...islandContainerProps('mf-account', 'LeadForm', config.id)} {...{ [ISLAND_MODE_ATTR]: 'client' }}>
        <NoScriptLeadForm config={config} {...(values ? { values } : {})} />
      </div>
      <script {...islandPropsScriptProps(config.id, config)} />
    </>
  );
}
