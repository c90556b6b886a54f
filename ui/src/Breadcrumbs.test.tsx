import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { Breadcrumbs } from './Breadcrumbs.tsx';

describe('Breadcrumbs', () => {
  it('links every crumb with an href; the one without is the current page', () => {
    const html = renderToString(<Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: 'Our locations', href: '/locations' }, { label: 'Springwood' }]} />);
    expect(html).toBe(
      '<nav aria-label="Breadcrumb" class="fc-breadcrumbs"><ol>' +
        '<li><a href="/">Home</a></li><li><a href="/locations">Our locations</a></li><li aria-current="page">Springwood</li>' +
        '</ol></nav>',
    );
  });

  it('escapes labels and hrefs', () => {
    const html = renderToString(<Breadcrumbs crumbs={[{ label: 'A & B', href: '/x?a=1&b="2"' }, { label: '<i>' }]} />);
    expect(html).toContain('<li><a href="/x?a=1&amp;b=&quot;2&quot;">A &amp; B</a></li><li aria-current="page">&lt;i&gt;</li>');
  });

  it('an empty href is no link', () => {
    expect(renderToString(<Breadcrumbs crumbs={[{ label: 'Home', href: '' }]} />)).toContain('<li aria-current="page">Home</li>');
  });
});
