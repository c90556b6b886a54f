/**
 * Test support: the plain forms and inputs of server-rendered HTML, read whatever order React writes attributes in.
 * Good enough for markup this package renders (quoted attributes, no nested forms); not a general HTML parser.
 */

/** The attributes of one tag's source (`name="value"`, and bare `name` as ''). */
export function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.replace(/^<[a-zA-Z]+/, '').matchAll(/([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:="([^"]*)")?/g)) out[m[1]!] = m[2] ?? '';
  return out;
}

export type PlainForm = { attrs: Record<string, string>; hidden: Record<string, string[]>; html: string };

/** Every `<form>` of the HTML: its attributes, its hidden fields (name -> values in order) and its inner HTML. */
export function forms(html: string): PlainForm[] {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map((m) => {
    const hidden: Record<string, string[]> = {};
    for (const input of m[2]!.matchAll(/<input\b[^>]*>/g)) {
      const a = attributes(input[0].slice(0, -1).replace(/\/$/, ''));
      if (a.type === 'hidden' && a.name !== undefined) (hidden[a.name] ??= []).push(a.value ?? '');
    }
    return { attrs: attributes(`<form${m[1]!.replace(/\/$/, '')}`), hidden, html: m[2]! };
  });
}

/** The forms posting to `action`. */
export const formsTo = (html: string, action: string) => forms(html).filter((f) => f.attrs.action === action);

/** Every `<input>` of the HTML with its attributes. */
export const inputs = (html: string) => [...html.matchAll(/<input\b[^>]*>/g)].map((m) => attributes(m[0].slice(0, -1).replace(/\/$/, '')));
