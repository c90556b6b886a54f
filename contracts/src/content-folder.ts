/**
 * A tenant's content as a folder of files (what `npm run content:import` reads and demo/content/<slug>/ holds), turned
 * into one TenantContent document. Pure: the caller reads the files (relative path with `/` -> text), so the same code
 * serves the CLI, the demo seed and tests.
 *
 *   promotions.json         optional: Promotion[] (the home page's slider)
 *   spin.json               optional: SpinCampaign
 *   pages/**\/*.json         one ContentPage each; a block {"type":"markdown","file":"intro.md"} takes its Markdown
 *                           from that file (path relative to the json file)
 *   posts/<slug>.md         a blog post: front matter between two `---` lines holding a JSON object with the post's
 *                           fields except slug and body; the slug is the file name; the rest of the file is the body
 *
 * Every problem is reported with its file and, inside it, the field path and reason; any problem makes the content
 * null, so an import applies all of a folder or none of it. Files outside this layout are reported too (a misspelt
 * `promotion.json` or `post/x.md` would otherwise be silently left out); hidden files (`.DS_Store`, `.git/...`) and a
 * README.md at the top are ignored, and a `.md` under pages/ must be used by a page (an unused one is most likely a
 * typo in a "file" reference).
 */
import * as v from 'valibot';
import { describeIssue, TenantContentSchema, type TenantContent } from './content.ts';

export type ContentFileError = { file: string; message: string };
export type ContentFromFiles = { content: TenantContent | null; errors: ContentFileError[] };

const IGNORED_AT_TOP = new Set(['README.md', 'readme.md']);

/** `./pages\\a.json` -> `pages/a.json`; null for a path leaving the folder. */
export function normaliseContentPath(path: string): string | null {
  const out: string[] = [];
  for (const seg of path.replace(/\\/g, '/').split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (!out.length) return null;
      out.pop();
    } else out.push(seg);
  }
  return out.join('/');
}

const isHidden = (path: string) => path.split('/').some((seg) => seg.startsWith('.'));
const dirOf = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);

function parseJson(file: string, text: string, errors: ContentFileError[]): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text.replace(/^\uFEFF/, '')) };
  } catch (error) {
    errors.push({ file, message: `invalid JSON: ${(error as Error).message}` });
    return { ok: false };
  }
}

/**
 * Splits a post file into its front matter (parsed JSON object) and body. The file starts with a `---` line, then the
 * JSON, then a `---` line; the body is the rest (leading blank lines dropped).
 */
export function splitFrontMatter(text: string): { data: unknown; body: string } | { error: string } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0]?.trim() !== '---') return { error: 'front matter: the file must start with a line of --- and a JSON object' };
  const end = lines.findIndex((line, i) => i > 0 && line.trim() === '---');
  if (end < 0) return { error: 'front matter: no closing line of ---' };
  let data: unknown;
  try {
    data = JSON.parse(lines.slice(1, end).join('\n'));
  } catch (error) {
    return { error: `front matter: invalid JSON: ${(error as Error).message}` };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { error: 'front matter: must be a JSON object' };
  const body = lines.slice(end + 1).join('\n').replace(/^\s*\n/, '').trimEnd();
  return { data, body };
}

/** Stands in for a block whose file is already reported, so the schema does not report it a second time. */
const REPORTED = { type: 'markdown', markdown: '-' };

/** Replaces each `{"type":"markdown","file":...}` block of a page by the file's text, recording the files used. */
function inlineMarkdownFiles(file: string, page: unknown, files: Record<string, string>, used: Set<string>, errors: ContentFileError[]): unknown {
  if (typeof page !== 'object' || page === null || !Array.isArray((page as { blocks?: unknown }).blocks)) return page;
  const blocks = (page as { blocks: unknown[] }).blocks.map((block, i) => {
    if (typeof block !== 'object' || block === null || (block as { type?: unknown }).type !== 'markdown' || !('file' in block)) return block;
    const { file: ref, ...rest } = block as { file: unknown; markdown?: unknown };
    if (typeof ref !== 'string' || !ref) {
      errors.push({ file, message: `blocks.${i}.file: must be the path of a Markdown file` });
      return REPORTED;
    }
    if ('markdown' in rest) {
      errors.push({ file, message: `blocks.${i}: give either markdown or file, not both` });
      return block;
    }
    const target = normaliseContentPath(dirOf(file) + ref);
    if (target === null || !(target in files)) {
      errors.push({ file, message: `blocks.${i}.file: no such file ${target ?? ref}` });
      return REPORTED;
    }
    used.add(target);
    return { ...rest, markdown: files[target] };
  });
  return { ...(page as object), blocks };
}

/** Builds and validates a tenant's content from its folder's files. */
export function contentFromFiles(input: Record<string, string>): ContentFromFiles {
  const errors: ContentFileError[] = [];
  const files: Record<string, string> = {};
  for (const [raw, text] of Object.entries(input)) {
    const path = normaliseContentPath(raw);
    if (path === null) errors.push({ file: raw, message: 'outside the content folder' });
    else if (!isHidden(path)) files[path] = text;
  }
  const names = Object.keys(files).sort();
  const used = new Set<string>();
  const doc: { pages: unknown[]; posts: unknown[]; promotions?: unknown; spin?: unknown } = { pages: [], posts: [] };
  // Which file each entry of the document came from, to name the file of a schema issue.
  const pageFiles: string[] = [];
  const postFiles: string[] = [];

  for (const name of names) {
    const text = files[name] as string;
    if (name === 'promotions.json' || name === 'spin.json') {
      const parsed = parseJson(name, text, errors);
      if (parsed.ok) doc[name === 'spin.json' ? 'spin' : 'promotions'] = parsed.value;
    } else if (/^pages\/.+\.json$/.test(name)) {
      const parsed = parseJson(name, text, errors);
      if (!parsed.ok) continue;
      doc.pages.push(inlineMarkdownFiles(name, parsed.value, files, used, errors));
      pageFiles.push(name);
    } else if (/^posts\/[^/]+\.md$/.test(name)) {
      const split = splitFrontMatter(text);
      if ('error' in split) {
        errors.push({ file: name, message: split.error });
        continue;
      }
      const data = split.data as Record<string, unknown>;
      for (const key of ['slug', 'body'] as const) {
        if (key in data) errors.push({ file: name, message: `${key}: comes from the ${key === 'slug' ? 'file name' : 'text after the front matter'}, not the front matter` });
      }
      doc.posts.push({ ...data, slug: name.slice('posts/'.length, -'.md'.length), body: split.body });
      postFiles.push(name);
    }
  }
  for (const name of names) {
    const known = name === 'promotions.json' || name === 'spin.json' || /^pages\/.+\.json$/.test(name) || /^posts\/[^/]+\.md$/.test(name);
    if (known || used.has(name) || IGNORED_AT_TOP.has(name)) continue;
    errors.push({
      file: name,
      message: /^pages\/.+\.md$/.test(name)
        ? 'not used by any page (a markdown block names it with "file")'
        : 'not part of the content folder format (promotions.json, spin.json, pages/**/*.json, posts/<slug>.md)',
    });
  }

  // The document's own checks (unique page paths and post slugs), said with both files.
  const firstPath = new Map<string, string>();
  doc.pages.forEach((page, i) => {
    const path = (page as { path?: unknown } | null)?.path;
    if (typeof path !== 'string') return;
    const first = firstPath.get(path);
    if (first) errors.push({ file: pageFiles[i] as string, message: `path: ${path} is also the path of ${first}` });
    else firstPath.set(path, pageFiles[i] as string);
  });

  const result = v.safeParse(TenantContentSchema, doc);
  if (!result.success) {
    for (const issue of result.issues) {
      const [top, index] = issue.path ?? [];
      const key = top?.key;
      const file =
        key === 'pages' ? pageFiles[index?.key as number] : key === 'posts' ? postFiles[index?.key as number] : key === 'promotions' ? 'promotions.json' : key === 'spin' ? 'spin.json' : undefined;
      // Inside a page or post the path starts at its fields; promotions keep their index (`2.image`).
      const skip = key === 'pages' || key === 'posts' ? 2 : key ? 1 : 0;
      const rest = issue.path?.slice(skip);
      errors.push({ file: file ?? '.', message: describeIssue({ ...issue, path: rest?.length ? (rest as typeof issue.path) : undefined }) });
    }
  }
  if (errors.length || !result.success) return { content: null, errors };
  return { content: result.output, errors };
}

/** `pages/about-us.json: blocks.0.heading: Invalid length: ...` (one line of the importer's report). */
export const formatContentError = (e: ContentFileError) => `${e.file}: ${e.message}`;
