/** The note at the top of a lead form: what the required mark means. */
export function RequiredNote() {
  return <p className="flf-hint">Fields marked * are required.</p>;
}
