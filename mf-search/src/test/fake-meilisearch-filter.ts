/**
 * Test support: a parser and evaluator for the Meilisearch filter grammar the adapter emits (and a little more),
 * used by fake-meilisearch.ts. Quoted strings follow Meilisearch's parser (filter-parser `quoted_by`): a backslash makes
 * the next character part of the value while looking for the closing quote, and only `\"` is unescaped.
 * Comparisons: `=`/`!=` match strings case-insensitively, numbers numerically, booleans as "true"/"false";
 * `>`, `>=`, `<`, `<=` need a number on both sides; null or missing fields match nothing (NOT matches them).
 */

export type Expr =
  | { kind: 'cmp'; attribute: string; op: string; value: string }
  | { kind: 'in'; attribute: string; values: string[] }
  | { kind: 'not'; expr: Expr }
  | { kind: 'and' | 'or'; left: Expr; right: Expr };

export class FilterSyntaxError extends Error {
  override name = 'FilterSyntaxError';
}

type Token = { type: 'word' | 'string' | 'op' | 'punct'; text: string; at: number };

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '"' || c === "'") {
      const quote = c;
      let j = i + 1;
      let raw = '';
      let closed = false;
      while (j < input.length) {
        const d = input[j]!;
        if (d === quote) {
          closed = true;
          break;
        }
        if (d === '\\') {
          if (j + 1 >= input.length) throw new FilterSyntaxError(`Expression \`${input.slice(i)}\` is missing the closing quote.`);
          raw += d + input[j + 1]!;
          j += 2;
          continue;
        }
        raw += d;
        j++;
      }
      if (!closed) throw new FilterSyntaxError(`Expression \`${input.slice(i)}\` is missing the closing quote.`);
      tokens.push({ type: 'string', text: raw.split(`\\${quote}`).join(quote), at: i });
      i = j + 1;
      continue;
    }
    if (c === '(' || c === ')' || c === '[' || c === ']' || c === ',') {
      tokens.push({ type: 'punct', text: c, at: i });
      i++;
      continue;
    }
    const two = input.slice(i, i + 2);
    if (two === '!=' || two === '>=' || two === '<=') {
      tokens.push({ type: 'op', text: two, at: i });
      i += 2;
      continue;
    }
    if (c === '=' || c === '>' || c === '<') {
      tokens.push({ type: 'op', text: c, at: i });
      i++;
      continue;
    }
    let j = i;
    while (j < input.length && !/[\s()[\],"'=!<>]/.test(input[j]!)) j++;
    if (j === i) throw new FilterSyntaxError(`Unexpected character \`${c}\` at ${i}.`);
    tokens.push({ type: 'word', text: input.slice(i, j), at: i });
    i = j;
  }
  return tokens;
}

const KEYWORDS = new Set(['AND', 'OR', 'NOT', 'IN', 'TO', 'EXISTS', 'IS']);

/** Parses a filter string; throws FilterSyntaxError with a Meilisearch-like message when it is malformed. */
export function parseFilter(input: string): Expr | undefined {
  const tokens = tokenize(input);
  if (tokens.length === 0) return undefined;
  let pos = 0;
  const peek = () => tokens[pos];
  const isWord = (t: Token | undefined, word: string) => t?.type === 'word' && t.text.toUpperCase() === word;
  const fail = (what: string): never => {
    const t = peek();
    throw new FilterSyntaxError(`Was expecting ${what} but instead got \`${t ? input.slice(t.at) : 'end of input'}\`.`);
  };

  function value(): string {
    const t = peek();
    if (!t || (t.type !== 'word' && t.type !== 'string') || (t.type === 'word' && KEYWORDS.has(t.text.toUpperCase()))) return fail('a value');
    pos++;
    return t.text;
  }

  function condition(): Expr {
    const t = peek();
    if (!t || (t.type !== 'word' && t.type !== 'string')) return fail('an attribute');
    pos++;
    const attribute = t.text;
    const next = peek();
    if (next?.type === 'op') {
      pos++;
      return { kind: 'cmp', attribute, op: next.text, value: value() };
    }
    let negate = false;
    if (isWord(next, 'NOT')) {
      negate = true;
      pos++;
    }
    if (isWord(peek(), 'IN')) {
      pos++;
      if (peek()?.text !== '[' || peek()?.type !== 'punct') return fail('`[`');
      pos++;
      const values: string[] = [];
      if (!(peek()?.type === 'punct' && peek()?.text === ']')) {
        values.push(value());
        while (peek()?.type === 'punct' && peek()?.text === ',') {
          pos++;
          values.push(value());
        }
      }
      if (!(peek()?.type === 'punct' && peek()?.text === ']')) return fail('`]`');
      pos++;
      const expr: Expr = { kind: 'in', attribute, values };
      return negate ? { kind: 'not', expr } : expr;
    }
    return fail('an operator (`=`, `!=`, `>`, `>=`, `<`, `<=`, `IN`, `NOT IN`)');
  }

  function primary(): Expr {
    if (isWord(peek(), 'NOT')) {
      pos++;
      return { kind: 'not', expr: primary() };
    }
    const t = peek();
    if (t?.type === 'punct' && t.text === '(') {
      pos++;
      const expr = orExpr();
      if (!(peek()?.type === 'punct' && peek()?.text === ')')) return fail('`)`');
      pos++;
      return expr;
    }
    return condition();
  }

  function andExpr(): Expr {
    let left = primary();
    while (isWord(peek(), 'AND')) {
      pos++;
      left = { kind: 'and', left, right: primary() };
    }
    return left;
  }

  function orExpr(): Expr {
    let left = andExpr();
    while (isWord(peek(), 'OR')) {
      pos++;
      left = { kind: 'or', left, right: andExpr() };
    }
    return left;
  }

  const expr = orExpr();
  if (pos < tokens.length) fail('`AND`, `OR` or the end of the filter');
  return expr;
}

/** Attributes an expression names (to check them against filterableAttributes). */
export function attributesOf(expr: Expr | undefined, out: Set<string> = new Set()): Set<string> {
  if (!expr) return out;
  if (expr.kind === 'cmp' || expr.kind === 'in') out.add(expr.attribute);
  else if (expr.kind === 'not') attributesOf(expr.expr, out);
  else {
    attributesOf(expr.left, out);
    attributesOf(expr.right, out);
  }
  return out;
}

function asNumber(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

function scalarEquals(field: unknown, value: string): boolean {
  if (typeof field === 'number') return asNumber(value) === field;
  if (typeof field === 'boolean') return String(field) === value.toLowerCase();
  if (typeof field === 'string') return field.normalize('NFKC').toLowerCase() === value.normalize('NFKC').toLowerCase();
  return false;
}

function scalarCompare(field: unknown, op: string, value: string): boolean {
  const n = asNumber(value);
  if (typeof field !== 'number' || n === undefined) return false;
  switch (op) {
    case '>': return field > n;
    case '>=': return field >= n;
    case '<': return field < n;
    case '<=': return field <= n;
    default: return false;
  }
}

/** Dot paths reach nested objects, as in Meilisearch. */
export function fieldOf(doc: Record<string, unknown>, attribute: string): unknown {
  if (Object.hasOwn(doc, attribute)) return doc[attribute];
  let current: unknown = doc;
  for (const part of attribute.split('.')) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, part)) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

export function matches(expr: Expr | undefined, doc: Record<string, unknown>): boolean {
  if (!expr) return true;
  switch (expr.kind) {
    case 'and':
      return matches(expr.left, doc) && matches(expr.right, doc);
    case 'or':
      return matches(expr.left, doc) || matches(expr.right, doc);
    case 'not':
      return !matches(expr.expr, doc);
    case 'in': {
      const field = fieldOf(doc, expr.attribute);
      const items = Array.isArray(field) ? field : [field];
      return items.some((item) => expr.values.some((value) => scalarEquals(item, value)));
    }
    case 'cmp': {
      const field = fieldOf(doc, expr.attribute);
      const items = Array.isArray(field) ? field : [field];
      if (expr.op === '=') return items.some((item) => scalarEquals(item, expr.value));
      if (expr.op === '!=') return !items.some((item) => scalarEquals(item, expr.value));
      return items.some((item) => scalarCompare(item, expr.op, expr.value));
    }
  }
}
