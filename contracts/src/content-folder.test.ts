import { describe, expect, it } from 'vitest';
import { contentFromFiles, formatContentError, normaliseContentPath, splitFrontMatter } from './content-folder.ts';

const page = (path: string, blocks: unknown[] = [{ type: 'markdown', markdown: 'Hello.' }]) =>
  JSON.stringify({ path, title: 'A page', description: 'What this page is about.', blocks });
const post = (front: Record<string, unknown>, body = 'The body of the post.') => `---\n${JSON.stringify(front, null, 2)}\n---\n\n${body}\n`;
const POST = { heading: 'Towing with a HiLux', date: '2026-10-02', description: 'What to check before you hitch up.', image: { src: '/demo-img/x.svg', alt: '' }, makes: ['toyota'] };

describe('contentFromFiles', () => {
  it('builds the content of a folder: pages with Markdown files, posts, promotions and a campaign', () => {
    const { content, errors } = contentFromFiles({
      'pages/about-us.json': page('/about-us', [{ type: 'hero', heading: 'About us' }, { type: 'markdown', file: 'about-us.md' }]),
      'pages/about-us.md': '## Our story\n\nSince 1987.',
      'pages/models/hilux.json': page('/models/hilux', [{ type: 'markdown', file: '../shared/disclaimer.md' }]),
      'pages/shared/disclaimer.md': 'Prices are drive-away.',
      'posts/towing-with-a-hilux.md': post(POST, '## Check the ball weight\r\n\r\nFirst.'),
      'promotions.json': JSON.stringify([{ title: 'Summer sale', image: '/demo-img/b.svg', href: '/special-offers' }]),
      'spin.json': JSON.stringify({ id: 'summer', title: 'Spin', starts: '2026-11-01', ends: '2027-01-31', terms_href: '/terms', prizes: [{ id: 'a', label: 'A', weight: 1 }, { id: 'b', label: 'B', weight: 1, win: false }] }),
      'README.md': 'Notes for the marketing team.',
      '.DS_Store': '\u0000',
    });
    expect(errors).toEqual([]);
    expect(content?.pages.map((p) => p.path)).toEqual(['/about-us', '/models/hilux']);
    expect(content?.pages[0]?.blocks[1]).toEqual({ type: 'markdown', markdown: '## Our story\n\nSince 1987.' });
    expect(content?.pages[1]?.blocks[0]).toEqual({ type: 'markdown', markdown: 'Prices are drive-away.' });
    expect(content?.posts[0]).toMatchObject({ slug: 'towing-with-a-hilux', heading: 'Towing with a HiLux', makes: ['toyota'], models: [], body: '## Check the ball weight\n\nFirst.' });
    expect(content?.promotions[0]?.action_label).toBe('Find out more');
    expect(content?.spin?.id).toBe('summer');
  });

  it('takes an empty folder as empty content', () => {
    expect(contentFromFiles({})).toEqual({ content: { pages: [], posts: [], promotions: [] }, errors: [] });
  });

  it('reports every problem with its file, field and reason, and returns no content', () => {
    const { content, errors } = contentFromFiles({
      'pages/a.json': page('/about-us', [{ type: 'hero', heading: '' }, { type: 'markdown', file: 'missing.md' }]),
      'pages/b.json': '{ "path": "/b", ',
      'pages/c.json': page('/about-us'),
      'pages/d.json': page('/d', [{ type: 'lead-form', form: 'careers' }, { type: 'lead-form', form: 'fleet' }]),
      'pages/orphan.md': 'Not used.',
      'posts/Bad Slug.md': post(POST),
      'posts/no-front.md': 'Just text.',
      'posts/with-slug.md': post({ ...POST, slug: 'x', date: '2026-13-40' }),
      'promotions.json': JSON.stringify([{ title: 'Ok', image: '/x.svg' }, { title: 'No image' }]),
      'spin.json': JSON.stringify({ id: 's', title: 'Spin', starts: '2027-01-01', ends: '2026-01-01', terms_href: 'javascript:alert(1)', prizes: [{ id: 'a', label: 'A', weight: 1 }, { id: 'b', label: 'B', weight: 1 }] }),
      'promotion.json': '[]',
    });
    expect(content).toBeNull();
    const lines = errors.map(formatContentError);
    expect(lines).toContain('pages/a.json: blocks.1.file: no such file pages/missing.md');
    expect(lines.find((l) => l.startsWith('pages/a.json: blocks.0.heading: Invalid length'))).toBeTruthy();
    expect(lines.find((l) => l.startsWith('pages/b.json: invalid JSON: '))).toBeTruthy();
    expect(lines).toContain('pages/c.json: path: /about-us is also the path of pages/a.json');
    expect(lines).toContain('pages/d.json: A page has at most one lead form');
    expect(lines).toContain('pages/orphan.md: not used by any page (a markdown block names it with "file")');
    expect(lines.find((l) => l.startsWith('posts/Bad Slug.md: slug: Must be a lowercase slug'))).toBeTruthy();
    expect(lines).toContain('posts/no-front.md: front matter: the file must start with a line of --- and a JSON object');
    expect(lines).toContain('posts/with-slug.md: slug: comes from the file name, not the front matter');
    expect(lines.find((l) => l.startsWith('posts/with-slug.md: date: Invalid date'))).toBeTruthy();
    expect(lines.find((l) => l.startsWith('promotions.json: 1.image: Invalid key'))).toBeTruthy();
    expect(lines.find((l) => l.startsWith('spin.json: terms_href: A link is a site path'))).toBeTruthy();
    expect(lines.find((l) => l.startsWith('promotion.json: not part of the content folder format'))).toBeTruthy();
  });

  it('refuses a Markdown reference that leaves the folder or a block with both markdown and file', () => {
    const { errors } = contentFromFiles({ 'pages/a.json': page('/a', [{ type: 'markdown', file: '../../etc/passwd' }, { type: 'markdown', file: 'x.md', markdown: 'y' }]), 'pages/x.md': 'x' });
    expect(errors.map(formatContentError)).toEqual(['pages/a.json: blocks.0.file: no such file ../../etc/passwd', 'pages/a.json: blocks.1: give either markdown or file, not both', 'pages/x.md: not used by any page (a markdown block names it with "file")']);
  });

  it('reports a campaign check that has no field', () => {
    const { errors } = contentFromFiles({
      'spin.json': JSON.stringify({ id: 's', title: 'Spin', starts: '2027-01-01', ends: '2026-01-01', terms_href: '/t', prizes: [{ id: 'a', label: 'A', weight: 1 }, { id: 'b', label: 'B', weight: 1 }] }),
    });
    expect(errors).toEqual([{ file: 'spin.json', message: 'A campaign ends on or after it starts' }]);
  });
});

describe('splitFrontMatter', () => {
  it('splits JSON front matter from the body', () => {
    expect(splitFrontMatter('---\n{"a": 1}\n---\nBody\n')).toEqual({ data: { a: 1 }, body: 'Body' });
    expect(splitFrontMatter('---\n{"a": 1}\n')).toEqual({ error: 'front matter: no closing line of ---' });
    expect(splitFrontMatter('---\n[1]\n---\nBody')).toEqual({ error: 'front matter: must be a JSON object' });
    expect(splitFrontMatter('---\n{a: 1}\n---\n')).toMatchObject({ error: expect.stringMatching(/^front matter: invalid JSON: /) });
  });
});

describe('normaliseContentPath', () => {
  it('resolves dot segments and refuses to leave the folder', () => {
    expect(normaliseContentPath('./pages\\a/../b.json')).toBe('pages/b.json');
    expect(normaliseContentPath('../x')).toBeNull();
  });
});
