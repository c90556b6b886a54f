/** The hidden inputs of a plain form: the same-site `redirect` back to the page, and any fields the action needs. */
export function HiddenFields({ redirect, fields = {} }: { redirect: string; fields?: Record<string, string> }) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="redirect" value={redirect} />
    </>
  );
}
