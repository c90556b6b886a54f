import { slotMarker } from '@forecourt/contracts/fragments';
import { dialogSlotId, type DialogForm } from '../lib/lead-forms.ts';

/** A dialog's lead form: mf-account's lead-form slot (the shell fills the marker; routes/fragments.tsx names the slots). */
export function DialogLeadForm({ form }: { form: DialogForm }) {
  return <div className="fv-slot" dangerouslySetInnerHTML={{ __html: slotMarker(dialogSlotId(form)) }} />;
}
