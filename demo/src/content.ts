/// <reference types="node" />
/**
 * The demo tenants' content (pages, blog posts, promotions, spin campaign), authored as files in
 * demo/content/<slug>/ in the folder format of `npm run content:import` and parsed by contracts' contentFromFiles.
 * Node only (read from disk on first use): the folder sits beside both demo/src and demo/dist (the bundle the build
 * writes), so `../content/` from this module finds it either way.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentFromFiles, formatContentError } from '@forecourt/contracts/content-folder';
import type { TenantContent } from '@forecourt/contracts/content';

/** demo/content, resolved from this module (demo/src/content.ts or the bundle demo/dist/index.mjs). */
export const DEMO_CONTENT_DIR = (): string => fileURLToPath(new URL('../content/', import.meta.url));

/** Every file under `dir`, keyed by its path relative to `dir` with `/` separators. */
export function readContentFolder(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else files[relative(dir, path).split(sep).join('/')] = readFileSync(path, 'utf8');
    }
  };
  walk(dir);
  return files;
}

const cache = new Map<string, TenantContent>();

/** A demo tenant's content (empty when it has no folder). Throws listing every problem of its files. */
export function demoContent(slug: string): TenantContent {
  const cached = cache.get(slug);
  if (cached) return cached;
  const dir = join(DEMO_CONTENT_DIR(), slug);
  let files: Record<string, string>;
  try {
    files = readContentFolder(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    files = {};
  }
  const { content, errors } = contentFromFiles(files);
  if (!content) throw new Error(`demo content of ${slug} (${dir}) is invalid:\n${errors.map(formatContentError).join('\n')}`);
  cache.set(slug, content);
  return content;
}
