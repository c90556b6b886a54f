import { describe, expect, it } from 'vitest';
import { dealerText, sanitizeDealerHtml } from './sanitize.ts';

describe('sanitizeDealerHtml (js-xss allow-list, then balanced tags)', () => {
  it('keeps formatting tags without attributes', () => {
    expect(sanitizeDealerHtml('<p class="x" style="color:red">One <b>owner</b><br/>logbooks</p>')).toBe('<p>One <b>owner</b><br>logbooks</p>');
    expect(sanitizeDealerHtml('<ul><li>A</li><li>B</ul>')).toBe('<ul><li>A</li><li>B</li></ul>');
  });
  it('drops scripts, styles, handlers, links and iframes; escapes stray markup', () => {
    expect(sanitizeDealerHtml('<script>alert(1)</script>ok')).toBe('ok');
    expect(sanitizeDealerHtml('<img src=x onerror=alert(1)>hi')).toBe('hi');
    expect(sanitizeDealerHtml('<a href="javascript:alert(1)">x</a>')).toBe('x');
    expect(sanitizeDealerHtml('<iframe src="//evil"></iframe>y')).toBe('y');
    expect(sanitizeDealerHtml('<style>*{}</style><p>z</p>')).toBe('<p>z</p>');
    expect(sanitizeDealerHtml('1 < 2 & "q" > 0')).toBe('1 &lt; 2 &amp; &quot;q&quot; &gt; 0');
    expect(sanitizeDealerHtml('<p onclick="x()">a</p>')).toBe('<p>a</p>');
    expect(sanitizeDealerHtml('<svg><script>alert(1)</script></svg>b')).toBe('b');
    expect(sanitizeDealerHtml('<!-- c --><p>d</p>')).toBe('<p>d</p>');
    expect(sanitizeDealerHtml('<b>open')).toBe('<b>open</b>');
    expect(sanitizeDealerHtml('</p>x')).toBe('x');
  });
  it('refuses the classic bypasses (OWASP filter evasion)', () => {
    for (const attack of [
      '<scr<script>ipt>alert(1)</script>',
      '<IMG SRC="jav&#x09;ascript:alert(1)">',
      '<p style="background:url(javascript:alert(1))">p</p>',
      '<b/onmouseover=alert(1)>b</b>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
      '<<script>script>alert(1)<</script>/script>',
    ]) {
      const out = sanitizeDealerHtml(attack);
      expect(out, attack).not.toMatch(/<(?!\/?(p|br|b|strong|i|em|u|ul|ol|li|h3|h4|h5)>)[a-z!?\/]/i);
      expect(out, attack).not.toMatch(/<[^>]*(on\w+=|javascript:)/i);
    }
  });
  it('keeps entities, escapes bare ampersands', () => {
    expect(sanitizeDealerHtml('R&amp;D &copy; A&B')).toBe('R&amp;D &copy; A&amp;B');
  });
  it('dealerText gives plain text with line breaks for blocks', () => {
    expect(dealerText('<p>One&nbsp;owner</p><p>Full <b>history</b> &amp; more</p>')).toBe('One owner\nFull history & more');
  });
});
