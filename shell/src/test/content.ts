/** Test helper (not shipped code): tenant content fixtures, parsed by the contract as the tenant store would. */
import { parseTenantContent, type ContentPageInput, type TenantContentInput } from '@forecourt/contracts/content';
import type { Tenant } from '../lib/tenant.ts';
import { demoTenant } from './tenants.ts';

/** The tenant with exactly this content (validated and defaulted by the contract), replacing whatever it had. */
export function withContent(tenant: Tenant, content: TenantContentInput): Tenant {
  return { ...tenant, content: parseTenantContent(content) };
}

/** A one-page content document. */
export const page = (path: string, blocks: ContentPageInput['blocks'], extra: Partial<ContentPageInput> = {}): ContentPageInput => ({
  path,
  title: extra.title ?? `Page ${path}`,
  description: extra.description ?? `About ${path}.`,
  ...extra,
  blocks,
});

export const POST_IMAGE = { src: '/demo-img/blog/hilux.jpg', alt: 'A HiLux on a beach track', width: 1280, height: 720 };

/** Blog posts: two about Toyota (one about the HiLux), one about nothing in particular. */
export const POSTS: NonNullable<TenantContentInput['posts']> = [
  {
    slug: 'hilux-towing-guide',
    heading: 'How much can a HiLux really tow?',
    date: '2026-03-04',
    description: 'Braked towing capacity, ball weight and the rules for caravans in Queensland, explained by our team of towing specialists.',
    image: POST_IMAGE,
    author: 'Sam Nguyen',
    makes: ['toyota'],
    models: ['hilux'],
    body: '# Towing capacity\n\nThe HiLux 4x4 tows up to **3,500 kg** braked.\n\n<script>alert(1)</script>',
  },
  {
    slug: 'servicing-explained',
    heading: 'Capped price servicing, explained',
    date: '2026-05-20',
    description: 'What is included in a capped price service.',
    image: { ...POST_IMAGE, src: '/demo-img/blog/service.jpg' },
    makes: ['toyota'],
    body: 'Every service follows the logbook.',
  },
  {
    slug: 'winter-road-trips',
    heading: 'Five winter road trips from Brisbane',
    date: '2025-06-01',
    description: 'Granite Belt, Bunya Mountains and more.',
    image: { ...POST_IMAGE, src: '/demo-img/blog/road.jpg' },
    body: 'Pack a thermos.',
  },
];

/** A content document covering every block type, on tenant-agnostic paths. */
export function richContent(): TenantContentInput {
  return {
    pages: [
      page('/about-us', [
        { type: 'hero', heading: 'Family owned since 1987', text: 'Three generations of selling cars on the bay.', image: { src: '/demo-img/hero.jpg', alt: '' }, actions: [{ label: 'Meet the team', href: '/about-us#team', primary: true }] },
        { type: 'markdown', markdown: '# Our story\n\nWe opened on [Harbour Road](https://maps.example.com/x) in 1987.' },
        { type: 'image', image: { src: '/demo-img/showroom.jpg', alt: 'The showroom' }, caption: 'Our Cleveland showroom' },
        { type: 'stats', items: [{ value: '35+', label: 'Years' }] },
      ], { title: 'About us', schema_type: 'AboutPage' }),
      page('/careers', [
        { type: 'markdown', markdown: 'Join a team that looks after its people.' },
        { type: 'benefits', heading: 'Open roles', items: [{ title: 'Apprentice technician', meta: 'Cleveland · Full time', text: 'Start your trade with us.', action: { label: 'Apply now', href: '#fc-b2' } }] },
        { type: 'lead-form', form: 'careers' },
      ], { title: 'Careers' }),
      page('/warranty', [
        { type: 'faq', heading: 'Warranty questions', items: [{ question: 'How long is the warranty?', answer: 'Five years, **unlimited** kilometres.' }, { question: 'Is it transferable?', answer: 'Yes.' }] },
        { type: 'disclaimer', heading: 'Terms', items: ['Conditions apply. See [terms](/terms-and-conditions).'] },
        { type: 'cta', heading: 'Book a service', actions: [{ label: 'Book now', href: '/service', primary: true }] },
      ], { title: 'Warranty', schema_type: 'FAQPage' }),
      page('/finance-and-insurance', [
        { type: 'price-range', heading: 'Shop by budget' },
        { type: 'sales-counter', heading: 'Sold today' },
        { type: 'offers', heading: 'Finance offers' },
        { type: 'stock-strip', heading: 'Specials', strip: 'specials' },
        { type: 'blog-list', heading: 'Finance news', limit: 2 },
        { type: 'faq', items: [{ question: 'Can I get pre-approved?', answer: 'Yes.' }] },
      ], { title: 'Finance and insurance' }),
      page('/models/hilux', [
        { type: 'hero', heading: 'Toyota HiLux', text: 'Australia’s favourite ute.' },
        { type: 'stock-strip', heading: 'HiLux in stock', strip: 'new-arrivals', make: 'toyota', model: 'hilux' },
        { type: 'offers', model: 'hilux' },
        { type: 'cta', heading: 'Drive one', actions: [{ label: 'Book a test drive', href: '/book-test-drive', primary: true }] },
      ], { title: 'Toyota HiLux' }),
      page('/terms-and-conditions', [{ type: 'markdown', markdown: 'The terms.' }], { title: 'Terms and conditions' }),
      page('/pages/value-my-car-terms-and-conditions', [{ type: 'markdown', markdown: 'Valuation terms.' }], { title: 'Value my car terms' }),
      page('/spin-to-win-terms', [{ type: 'markdown', markdown: 'Campaign terms.' }], { title: 'Spin to win terms', noindex: true }),
      page('/spin-to-win', [{ type: 'markdown', markdown: 'Spin the wheel.' }, { type: 'spin-to-win' }], { title: 'Spin to win' }),
    ],
    posts: POSTS,
  };
}

/** A demo tenant with the rich fixture content. */
export const richTenant = (slug = 'harbourside-toyota') => withContent(demoTenant(slug), richContent());
