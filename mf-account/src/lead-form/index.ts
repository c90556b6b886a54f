/**
 * The lead-form kit's server side, for host remotes (no browser APIs, no stylesheet): build a form's config and
 * server-render it as an `mf-account/LeadForm` island. The browser side is the island itself (./LeadForm.tsx).
 */
export { LeadFormIsland, ISLAND_MODE_ATTR } from './LeadFormIsland.tsx';
export { NoScriptLeadForm, ERROR_SUMMARY_TITLE } from './LeadFormView.tsx';
export {
  FIELD_DEFS,
  leadFormConfig,
  rulesFromFeatures,
  validateFields,
  type LeadCar,
  type LeadFieldName,
  type LeadFormConfig,
  type LeadFormInput,
  type LeadStep,
  type SelectOption,
} from './model.ts';
export { UNEXPECTED_ERROR } from './submit.ts';
