import { describe, expect, it } from 'vitest';
import { isSafeMarkdownImage, isSafeMarkdownLink, MARKDOWN_CACHE_MAX, markdownCacheSize, renderMarkdown } from './markdown.ts';

/** Every real tag of the output (raw HTML is escaped, so a `<` in the output always opens a tag markdown-it wrote). */
const tags = (out: string) => out.match(/<[a-z][^>]*>/gi) ?? [];
/** Every attribute of every real tag: [name, value]. */
const attributes = (out: string) =>
  tags(out).flatMap((tag) => [...tag.matchAll(/\s([a-z-:]+)(?:="([^"]*)")?/gi)].map((m) => [m[1]!.toLowerCase(), (m[2] ?? '').toLowerCase()] as const));

/** The sanitiser's promise: nothing runs, whatever the Markdown says. */
function expectInert(out: string) {
  expect(out).not.toMatch(/<script/i);
  expect(out).not.toMatch(/<(?:svg|iframe|object|embed|style|math|form|input|base|meta|link)\b/i);
  for (const [name, value] of attributes(out)) {
    expect(name, out).not.toMatch(/^on/);
    expect(name, out).not.toBe('style');
    if (name === 'href' || name === 'src') {
      const decoded = value.replace(/&#x?([0-9a-f]+);?/gi, (_, n: string) => String.fromCharCode(parseInt(n, /^x/i.test(_.slice(2)) ? 16 : 10))).replace(/[\s\u0000-\u001f]/g, '');
      expect(decoded, out).not.toMatch(/^(?:javascript|vbscript|data|file):/);
      expect(decoded, out).not.toMatch(/^\/\//);
    }
  }
}

const VECTORS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" onerror="alert(1)">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<a href="javascript:alert(1)">x</a>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<details open ontoggle=alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<!-- --><script>alert(1)</script>',
  '<?php echo 1 ?>',
  // Raw HTML blocks.
  '<div>\n<script>alert(1)</script>\n</div>',
  '<table><tr><td onclick="alert(1)">x</td></tr></table>',
  // javascript: in every spelling.
  '[x](javascript:alert(1))',
  '[x](JaVaScRiPt:alert(1))',
  '[x](  javascript:alert(1)  )',
  '[x](<javascript:alert(1)>)',
  '[x](jav&#x61;script:alert(1))',
  '[x](jav&#97;script:alert(1))',
  '[x](&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1))',
  '[x](&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1))',
  '[x](java&#x09;script:alert(1))',
  '[x](java&Tab;script:alert(1))',
  '[x](java\\tscript:alert(1))',
  '[x](javascript&colon;alert(1))',
  '[x](%6A%61%76%61%73%63%72%69%70%74:alert(1))',
  '[x](\u0001javascript:alert(1))',
  '[x](vbscript:msgbox(1))',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[x](DATA:text/html,<script>alert(1)</script>)',
  '[x](file:///etc/passwd)',
  '[x](//evil.example)',
  '[x](/\\evil.example)',
  '[x](\\\\evil.example)',
  // Reference links and autolinks.
  '[x][r]\n\n[r]: javascript:alert(1)',
  '[x][r]\n\n[r]: <javascript:alert(1)> "t"',
  '<javascript:alert(1)>',
  '<JAVASCRIPT:alert(1)>',
  '<data:text/html,alert(1)>',
  '<vbscript:msgbox(1)>',
  'www.evil.example javascript:alert(1)',
  // Titles with quotes, nested brackets.
  '[x](/ok "a\\" onmouseover=\\"alert(1)")',
  '[x](/ok \'a" onmouseover="alert(1)\')',
  '[x](/ok (a" onmouseover="alert(1)))',
  '[[x](javascript:alert(1))](/ok)',
  '[x]([y](javascript:alert(1)))',
  '[![x](javascript:alert(1))](javascript:alert(2))',
  '[x](/ok"onmouseover="alert(1))',
  // Images.
  '![x](javascript:alert(1))',
  '![x](data:image/png;base64,iVBORw0KGgo=)',
  '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '![x" onerror="alert(1)](/a.png)',
  '![x](/a.png "t\\" onerror=\\"alert(1)")',
  '![x](//evil.example/a.png)',
  '![x](http://evil.example/a.png)',
  // Code keeps its text escaped.
  '`<script>alert(1)</script>`',
  '```html\n<script>alert(1)</script>\n```',
];

describe('renderMarkdown: XSS vectors', () => {
  it.each(VECTORS)('%s renders inert', (src) => {
    expectInert(renderMarkdown(src));
  });

  it('escapes raw HTML as text rather than dropping it', () => {
    expect(renderMarkdown('<script>alert(1)</script>')).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(renderMarkdown('a <b onclick="x">b</b>')).toBe('<p>a &lt;b onclick=“x”&gt;b&lt;/b&gt;</p>\n');
  });

  it('the check itself catches live markup (so the vectors above can fail)', () => {
    for (const live of ['<script>x</script>', '<img src=x onerror=alert(1)>', '<a href="javascript:x">x</a>', '<a href="&#106;avascript:x">x</a>', '<img src="data:image/png;base64,x">', '<a href="//evil.example">x</a>'])
      expect(() => expectInert(live), live).toThrow();
  });

  it('a refused link stays as its text, never an anchor', () => {
    const out = renderMarkdown('[Click](javascript:alert(1))');
    expect(out).not.toContain('<a');
    expect(out).toContain('Click');
  });

  it('a title with quotes stays inside its attribute', () => {
    const out = renderMarkdown('[x](/ok "a\\" onmouseover=\\"alert(1)")');
    expect(out).toBe('<p><a href="/ok" title="a&quot; onmouseover=&quot;alert(1)">x</a></p>\n');
  });
});

describe('renderMarkdown: links and images', () => {
  it('keeps http(s), mailto, tel, site paths and fragments', () => {
    const out = renderMarkdown('[a](https://toyota.com.au/) [b](mailto:sales@example.com.au) [c](tel:+61730000000) [d](/about-us?x=1#team) [e](#faq)');
    expect(out).toContain('<a href="https://toyota.com.au/" rel="noopener noreferrer">a</a>');
    expect(out).toContain('<a href="mailto:sales@example.com.au">b</a>');
    expect(out).toContain('<a href="tel:+61730000000">c</a>');
    expect(out).toContain('<a href="/about-us?x=1#team">d</a>');
    expect(out).toContain('<a href="#faq">e</a>');
  });

  it('external links get rel="noopener noreferrer", site links none', () => {
    expect(renderMarkdown('[x](http://example.com)')).toContain('rel="noopener noreferrer"');
    expect(renderMarkdown('[x](/finance)')).not.toContain('rel=');
  });

  it('no linkify: a bare address stays text', () => {
    expect(renderMarkdown('Visit www.example.com or https://example.com today')).not.toContain('<a');
  });

  it('images: https or site path, lazy; others leave only their alt text', () => {
    expect(renderMarkdown('![Showroom](/img/showroom.jpg)')).toBe('<p><img src="/img/showroom.jpg" alt="Showroom" loading="lazy" decoding="async"></p>\n');
    expect(renderMarkdown('![Car](https://cdn.example.com/car.jpg)')).toContain('loading="lazy"');
    expect(renderMarkdown('![Car & co](http://cdn.example.com/car.jpg)')).toBe('<p>Car &amp; co</p>\n');
    expect(renderMarkdown('![x](data:image/png;base64,iVBORw0KGgo=)')).not.toContain('<img');
  });

  it('the allowlists', () => {
    for (const ok of ['https://a.com', 'http://a.com/x', 'mailto:a@b.com', 'tel:+61 7 3000 0000', '/x', '/', '#x']) expect(isSafeMarkdownLink(ok), ok).toBe(true);
    for (const bad of ['javascript:x', 'data:x', 'vbscript:x', 'file:///x', '//x.com', '/\\x.com', 'ftp://x.com', 'x.html', 'https://', 'tel:javascript', 'java%09script:x'])
      expect(isSafeMarkdownLink(bad), bad).toBe(false);
    expect(isSafeMarkdownImage('https://a.com/x.png')).toBe(true);
    expect(isSafeMarkdownImage('/x.png')).toBe(true);
    for (const bad of ['http://a.com/x.png', '//a.com/x.png', 'data:image/png;base64,x', 'x.png']) expect(isSafeMarkdownImage(bad), bad).toBe(false);
  });
});

describe('renderMarkdown: structure', () => {
  it('makes a # heading an h2 (the page owns the h1) and keeps deeper levels, so none is skipped', () => {
    expect(renderMarkdown('# One\n\n## Two\n\n### Three\n\n###### Six')).toBe('<h2>One</h2>\n<h2>Two</h2>\n<h3>Three</h3>\n<h6>Six</h6>\n');
  });

  it('typographer: curly quotes and dashes', () => {
    expect(renderMarkdown('"Hello" -- it\'s')).toBe('<p>“Hello” – it’s</p>\n');
  });

  it('lists, emphasis and tables', () => {
    const out = renderMarkdown('- **one**\n- *two*\n\n| a | b |\n|---|---|\n| 1 | 2 |');
    expect(out).toContain('<li><strong>one</strong></li>');
    expect(out).toContain('<em>two</em>');
    expect(out).toContain('<table>');
  });

  it('caches per source within a bound', () => {
    expect(renderMarkdown('cached *once*')).toBe(renderMarkdown('cached *once*'));
    for (let i = 0; i < MARKDOWN_CACHE_MAX + 50; i++) renderMarkdown(`source ${i}`);
    expect(markdownCacheSize()).toBe(MARKDOWN_CACHE_MAX);
  });
});
