/**
 * Make marks at small sizes (issue 13: marks legible at 24 px). A full wordmark scaled into a filter or menu box is
 * unreadable (capitals of 4-6 px for Harley-Davidson or Mercedes-Benz), so small boxes ask for the logo's compact
 * variant: the logo's own address with `variant=compact` in its query. The demo draws a monogram badge for it
 * (demo/src/wordmark.ts); a host without a compact variant ignores the query and serves the full logo, shown whole
 * (`object-fit: contain`), so the rule needs no new field in the manufacturer data. Users: mf-search's make filter,
 * the shell's mega menu and brand page title.
 */

/** The box a compact mark is drawn for, in CSS px (a stylesheet that shows one states the same size: no shift). */
export const COMPACT_MARK_BOX = { width: 48, height: 28 } as const;

/**
 * Address of a make logo's compact variant (the query and fragment of the logo address kept).
 * @example compactMarkUrl('/demo-img/logo/toyota.svg') // '/demo-img/logo/toyota.svg?variant=compact'
 */
export function compactMarkUrl(logo: string): string {
  const hash = logo.indexOf('#');
  const [base, fragment] = hash < 0 ? [logo, ''] : [logo.slice(0, hash), logo.slice(hash)];
  return `${base}${base.includes('?') ? '&' : '?'}variant=compact${fragment}`;
}
