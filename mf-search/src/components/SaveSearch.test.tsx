import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { SaveSearch } from './SaveSearch.tsx';

describe('SaveSearch', () => {
  it('is a plain form to edge-api with the page URL and label, coming back to the same page without JavaScript', () => {
    const html = renderToString(<SaveSearch url="/search/used-cars/toyota?body=suv" label={'Used Toyota <SUVs> & "more"'} />);
    expect(html).toContain('<form class="fs-save-search" action="/api/me/saved-searches" method="post">');
    expect(html).toContain('<input type="hidden" name="url" value="/search/used-cars/toyota?body=suv"/>');
    expect(html).toContain('<input type="hidden" name="redirect" value="/search/used-cars/toyota?body=suv"/>');
    // The label is an attribute value, escaped.
    expect(html).toContain('value="Used Toyota &lt;SUVs&gt; &amp; &quot;more&quot;"');
    expect(html).toMatch(/<button type="submit" class="fc-btn fc-btn--sm fs-save-search__button"><svg class="fc-icon"[^>]*>.*?<\/svg> <!-- -->Save search<\/button>/);
  });
});
