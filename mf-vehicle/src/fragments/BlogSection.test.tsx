import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { parseTenantContent, postsForCar } from '@forecourt/contracts/content';
import { CarSchema } from '@forecourt/contracts/entities/car';
import * as v from 'valibot';
import { siteConfig } from '../test/tenant.ts';
import { BlogSection } from './BlogSection.tsx';
import { VehiclePage } from './VehiclePage.tsx';

const image = { src: '/demo-img/blog.svg', alt: 'A Corolla on the coast road' };
const content = parseTenantContent({
  posts: [
    { slug: 'corolla-hybrid-guide', heading: 'Corolla Hybrid: what to know before you buy a used one', date: '2026-08-14', description: 'Battery warranty, service history and the three things our used-car manager checks on every Corolla Hybrid that comes in on trade.', image, makes: ['toyota'], models: ['corolla'], body: 'Text.' },
    { slug: 'hilux-towing', heading: 'Towing with a HiLux', date: '2026-09-01', description: 'Ball weight.', image, makes: ['toyota'], models: ['hilux'], body: 'Text.' },
  ],
});
const car = v.parse(CarSchema, sampleCar);

describe('BlogSection (spec §2 vehicle page blog section)', () => {
  it('shows the posts about the car as blog cards: heading, image, date dd MMM yyyy, description cut at 100 characters, READ MORE', () => {
    const posts = postsForCar(content, car);
    expect(posts.map((p) => p.slug)).toEqual(['corolla-hybrid-guide']);
    const html = renderToString(<BlogSection posts={posts} />);
    expect(html).toContain('<h2 id="fv-blog-title">From our blog</h2>');
    expect(html).toContain('<h3>Corolla Hybrid: what to know before you buy a used one</h3>');
    expect(html).toContain('<time dateTime="2026-08-14">14 Aug 2026</time>');
    expect(html).toContain('alt="A Corolla on the coast road"');
    expect(html).toContain('loading="lazy"');
    const excerpt = /<p>([^<]*…)<\/p>/.exec(html)![1]!;
    expect(excerpt.length).toBeLessThanOrEqual(100);
    expect(html).toMatch(/<a href="\/blog\/corolla-hybrid-guide">READ MORE<span class="fc-visually-hidden">: <!-- -->Corolla Hybrid/);
  });

  it('renders nothing without posts, and the car page places it after similar cars', () => {
    expect(renderToString(<BlogSection posts={[]} />)).toBe('');
    const page = renderToString(<VehiclePage car={car} config={siteConfig('test-motors')} locations={[]} market={null} now={new Date('2026-11-26T00:00:00Z')} posts={postsForCar(content, car)} />);
    expect(page.indexOf('fv-similar')).toBeGreaterThan(0);
    expect(page.indexOf('fv-blog-title')).toBeGreaterThan(page.indexOf('fv-similar'));
    expect(renderToString(<VehiclePage car={car} config={siteConfig('test-motors')} locations={[]} market={null} now={new Date('2026-11-26T00:00:00Z')} />)).not.toContain('fv-blog');
  });
});
