/** One step of the trail: a link, or the current page when it has no `href`. */
export type Crumb = { label: string; href?: string | undefined };

/**
 * The breadcrumb trail of a page (`fc-breadcrumbs`, styled by the shell): each crumb with an `href` is a link, a crumb
 * without one is the current page (`aria-current="page"`, no link) — callers end the trail with it.
 *
 * @example
 * <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: 'Our locations' }]} />
 */
export function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="fc-breadcrumbs">
      <ol>
        {crumbs.map((crumb, i) => (
          <li key={i} aria-current={crumb.href ? undefined : 'page'}>
            {crumb.href ? <a href={crumb.href}>{crumb.label}</a> : crumb.label}
          </li>
        ))}
      </ol>
    </nav>
  );
}
