import { readFileSync } from 'node:fs';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { STEPS_WHEN } from '../lib/steps.ts';
import FinanceSteps from './FinanceSteps.tsx';

describe('FinanceSteps server render (issue 19: its code loads on first use of the page)', () => {
  const html = renderToString(<FinanceSteps />);
  it('the three steps are server HTML; the toggle keeps its place but waits, invisible, for the island', () => {
    expect(html.match(/<li><strong>/g)).toHaveLength(3);
    // Not `hidden`: the toggle's box is laid out from the start, so hydrating on a scroll moves nothing (no layout shift).
    expect(html).toContain('<button type="button" class="fc-btn ff-steps__toggle" data-waiting="" aria-expanded="true" aria-controls="ff-steps-list">Hide steps</button>');
    expect(html).not.toMatch(/<button[^>]* hidden=""/);
    expect(readFileSync(new URL('../styles/finance.css', import.meta.url), 'utf8')).toContain('.ff-steps__toggle[data-waiting]{visibility:hidden}');
  });
  it('loads on engagement, not with the page', () => {
    expect(STEPS_WHEN).toEqual([{ kind: 'engaged' }]);
  });
});
