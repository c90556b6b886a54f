/**
 * Dealer comments are dealer-written HTML (spec §2 Dealer Comments). Two steps:
 *  1. a tokenizer pass keeps only a few formatting tags with NO attribute, drops script/style/iframe/svg... with
 *     their content, escapes everything else as text and balances the tags (an unclosed `<b>` must not make the rest
 *     of the page bold);
 *  2. js-xss (`xss`, a maintained allow-list sanitiser, ~10 KB, no DOM needed, so it runs in the Worker) filters that
 *     output with the same allow-list: a second, independent line of defence.
 * Output never contains an attribute, so no URL or event handler can get through.
 */
import { FilterXSS } from 'xss';

const ALLOWED = new Set(['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'h3', 'h4', 'h5']);
const VOID = new Set(['br']);
/** Elements whose content is not text for the reader and must vanish with them. */
const DROP_WITH_CONTENT = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'textarea', 'select', 'title', 'head']);
const ENTITY = /^&(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#\d{1,7}|#x[0-9a-fA-F]{1,6});/;

const escapeText = (text: string) =>
  text.replace(/&|<|>|"|'/g, (c, offset: number, all: string) => {
    if (c === '&') return ENTITY.test(all.slice(offset)) ? '&' : '&amp;';
    return c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#39;';
  });

const TOKEN = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|<![^>]*>|<\?[^>]*>/g;

const filter = new FilterXSS({
  whiteList: Object.fromEntries([...ALLOWED].map((tag) => [tag, []])),
  stripIgnoreTag: true,
  allowCommentTag: false,
  css: false,
});

/** Allow-listed dealer HTML: `<p><b>x</b></p>` stays, `<a href=…>`/`<img onerror>`/`<script>` do not. Tags are balanced. */
export function sanitizeDealerHtml(html: string): string {
  return filter.process(balance(html));
}

/** Rebuilds allow-listed markup from tokens with every tag balanced; script-like elements vanish with their content. */
function balance(html: string): string {
  let out = '';
  const open: string[] = [];
  let dropping: string | null = null;
  let last = 0;
  for (const m of html.matchAll(TOKEN)) {
    const text = html.slice(last, m.index);
    if (!dropping) out += escapeText(text);
    last = m.index + m[0].length;
    const closing = m[1] === '/';
    const tag = m[2]?.toLowerCase();
    if (!tag) continue; // comment, doctype or processing instruction
    if (dropping) {
      if (closing && tag === dropping) dropping = null;
      continue;
    }
    if (DROP_WITH_CONTENT.has(tag)) {
      if (!closing && !/\/\s*$/.test(m[3] ?? '')) dropping = tag;
      continue;
    }
    if (!ALLOWED.has(tag)) continue;
    if (VOID.has(tag)) {
      if (!closing) out += `<${tag}>`;
      continue;
    }
    if (!closing) {
      open.push(tag);
      out += `<${tag}>`;
    } else if (open.includes(tag)) {
      // Close everything opened since, so the output stays well-formed.
      while (open.length) {
        const t = open.pop()!;
        out += `</${t}>`;
        if (t === tag) break;
      }
    }
  }
  if (!dropping) out += escapeText(html.slice(last));
  while (open.length) out += `</${open.pop()}>`;
  return out;
}

/** Plain text of dealer HTML (for the 400-character cut and the pending check). */
export function dealerText(html: string): string {
  return sanitizeDealerHtml(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|li|h[345])>/gi, '\n'))
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n')
    .trim();
}
