/**
 * Stock feed parsing (issue 3 "Stock import"): a JSON array of cars or a CSV file whose header names Car fields.
 * Every row keeps the 1-based line where it starts in the file, so a bad row can be reported by line.
 * Pure functions without Node APIs: the same code can run in a Worker.
 */
import { CarSchema } from '@forecourt/contracts/entities/car';

/** One row of a feed: its start line, the raw value handed to validation, and errors found while parsing it. */
export type FeedRow = { line: number; value: unknown; errors?: string[] };
export type ParsedFeed = { rows: FeedRow[]; /** File-level notes that reject no row (e.g. ignored CSV columns). */ warnings: string[] };
export type FeedFormat = 'json' | 'csv';

/** A file that cannot be read as a feed at all (no row can be trusted). */
export class FeedParseError extends Error {
  constructor(message: string, readonly line: number, readonly column: number) {
    super(`${message} (line ${line}, column ${column})`);
    this.name = 'FeedParseError';
  }
}

/** Format from a file name: `.json` or `.csv` (case-insensitive); null otherwise. */
export function feedFormat(filename: string): FeedFormat | null {
  const m = /\.(json|csv)$/i.exec(filename);
  return m ? (m[1]!.toLowerCase() as FeedFormat) : null;
}

export function parseFeed(text: string, format: FeedFormat): ParsedFeed {
  return format === 'json' ? parseJsonFeed(text) : parseCsvFeed(text);
}

/** Offsets of line starts, for offset -> line/column. */
function lineIndex(text: string): (offset: number) => { line: number; column: number } {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // CRLF counts once; a lone CR also ends a line.
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
  }
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo]! + 1 };
  };
}

const BOM = '\uFEFF';

// ---------------------------------------------------------------------------------------------------------------
// JSON

/**
 * Parses a JSON feed: a top-level array of cars. A strict JSON scanner finds where each element starts (its line)
 * and where the text stops being JSON (line and column); each element is then read with JSON.parse.
 */
export function parseJsonFeed(text: string): ParsedFeed {
  const src = text.startsWith(BOM) ? ' ' + text.slice(1) : text;
  const at = lineIndex(src);
  let i = 0;
  const fail = (message: string, offset = i): never => {
    const { line, column } = at(Math.min(offset, src.length));
    throw new FeedParseError(`Invalid JSON: ${message}`, line, column);
  };
  const describe = (offset: number) => (offset >= src.length ? 'end of file' : `'${src[offset]}'`);
  // Sticky regexes skip runs of whitespace and plain string characters in one step (feeds run to tens of MB).
  const WS = /[ \t\n\r]*/y;
  const PLAIN = /[^"\\\u0000-\u001f]*/y;
  const skip = (re: RegExp) => {
    re.lastIndex = i;
    re.exec(src);
    i = re.lastIndex;
  };
  const ws = () => skip(WS);
  const scanString = () => {
    i++; // opening quote
    while (i < src.length) {
      skip(PLAIN);
      if (i >= src.length) break;
      const c = src.charCodeAt(i);
      if (c === 34) { i++; return; }
      if (c < 0x20) fail('control character in string');
      if (c === 92) {
        const e = src[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(src.slice(i + 2, i + 6))) fail('bad \\u escape', i);
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else fail('bad escape in string', i);
      } else i++;
    }
    fail('unterminated string');
  };
  const scanNumber = () => {
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(src.slice(i, i + 64));
    if (!m) fail(`unexpected ${describe(i)}`);
    i += m![0].length;
  };
  const scanValue = (depth: number): void => {
    if (depth > 64) fail('nesting too deep');
    ws();
    const c = src[i];
    if (c === '{') {
      i++;
      ws();
      if (src[i] === '}') { i++; return; }
      for (;;) {
        ws();
        if (src[i] !== '"') fail(`expected a property name, found ${describe(i)}`);
        scanString();
        ws();
        if (src[i] !== ':') fail(`expected ':', found ${describe(i)}`);
        i++;
        scanValue(depth + 1);
        ws();
        if (src[i] === ',') { i++; continue; }
        if (src[i] === '}') { i++; return; }
        fail(`expected ',' or '}', found ${describe(i)}`);
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (src[i] === ']') { i++; return; }
      for (;;) {
        scanValue(depth + 1);
        ws();
        if (src[i] === ',') { i++; continue; }
        if (src[i] === ']') { i++; return; }
        fail(`expected ',' or ']', found ${describe(i)}`);
      }
    }
    if (c === '"') return scanString();
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return scanNumber();
    for (const word of ['true', 'false', 'null']) {
      if (src.startsWith(word, i)) { i += word.length; return; }
    }
    fail(`unexpected ${describe(i)}`);
  };

  ws();
  if (src[i] !== '[') fail(`a feed is a JSON array of cars; found ${describe(i)}`);
  i++;
  const rows: FeedRow[] = [];
  ws();
  if (src[i] === ']') i++;
  else {
    for (;;) {
      ws();
      const start = i;
      scanValue(1);
      rows.push({ line: at(start).line, value: JSON.parse(src.slice(start, i)) });
      ws();
      if (src[i] === ',') { i++; continue; }
      if (src[i] === ']') { i++; break; }
      fail(`expected ',' or ']', found ${describe(i)}`);
    }
  }
  ws();
  if (i < src.length) fail(`unexpected ${describe(i)} after the array`);
  return { rows, warnings: [] };
}

// ---------------------------------------------------------------------------------------------------------------
// CSV

type CsvRecord = { line: number; fields: string[]; errors: string[] };

/** RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks; CRLF, LF or CR end a record. */
export function readCsvRecords(text: string): CsvRecord[] {
  const src = text.startsWith(BOM) ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let line = 1;
  let i = 0;
  while (i < src.length) {
    const record: CsvRecord = { line, fields: [], errors: [] };
    let endOfRecord = false;
    while (!endOfRecord) {
      let field = '';
      if (src[i] === '"') {
        const quoteLine = line;
        i++;
        let closed = false;
        while (i < src.length) {
          const c = src[i]!;
          if (c === '"') {
            if (src[i + 1] === '"') { field += '"'; i += 2; continue; }
            i++;
            closed = true;
            break;
          }
          if (c === '\r' || c === '\n') {
            // A line break inside quotes is data; count it so later rows keep their real line numbers.
            if (c === '\r' && src[i + 1] === '\n') { field += '\r\n'; i += 2; } else { field += c; i++; }
            line++;
            continue;
          }
          field += c;
          i++;
        }
        if (!closed) record.errors.push(`unterminated quoted field (opened on line ${quoteLine})`);
        // Text between a closing quote and the next separator is not RFC 4180; keep it but flag the row.
        let tail = '';
        while (i < src.length && src[i] !== ',' && src[i] !== '\r' && src[i] !== '\n') tail += src[i++];
        if (tail) {
          record.errors.push(`column ${record.fields.length + 1}: text after a closing quote`);
          field += tail;
        }
      } else {
        while (i < src.length && src[i] !== ',' && src[i] !== '\r' && src[i] !== '\n') {
          if (src[i] === '"') record.errors.push(`column ${record.fields.length + 1}: quote inside an unquoted field`);
          field += src[i++];
        }
      }
      record.fields.push(field);
      if (src[i] === ',') i++;
      else {
        if (src[i] === '\r') i += src[i + 1] === '\n' ? 2 : 1;
        else if (src[i] === '\n') i++;
        line++;
        endOfRecord = true;
      }
    }
    records.push({ ...record, errors: [...new Set(record.errors)] });
  }
  return records;
}

type SchemaNode = { type: string; entries?: Record<string, SchemaNode>; wrapped?: SchemaNode; item?: SchemaNode; value?: SchemaNode };

/** The schema under optional/nullish wrappers (valibot's pipe keeps the base schema's `type`). */
function unwrap(schema: SchemaNode): SchemaNode {
  let s = schema;
  while ((s.type === 'optional' || s.type === 'nullish' || s.type === 'nullable') && s.wrapped) s = s.wrapped;
  return s;
}

/** The Car schema node a dotted header names (`location.name`, `finance_lenders.youx.deposit`), or null. */
export function carFieldSchema(path: string): SchemaNode | null {
  let node: SchemaNode = CarSchema as unknown as SchemaNode;
  for (const key of path.split('.')) {
    // A header must never reach an object's prototype (`finance_lenders.__proto__.deposit`).
    if (UNSAFE_KEYS.has(key)) return null;
    const s = unwrap(node);
    if ((s.type === 'object' || s.type === 'loose_object') && s.entries) {
      const next = Object.hasOwn(s.entries, key) ? s.entries[key] : undefined;
      if (next) node = next;
      else if (s.type === 'loose_object') return { type: 'unknown' };
      else return null;
    } else if (s.type === 'record' && s.value) node = s.value;
    else return null;
  }
  return node;
}

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const TRUE = new Set(['true', 'yes', 'y', '1']);
const FALSE = new Set(['false', 'no', 'n', '0']);

/**
 * A CSV cell as the value the Car schema expects. Cells that do not fit stay strings, so validation reports them
 * (e.g. `price` "abc"). `null` (any case) is null; `images` and string lists are `|`-separated.
 */
export function coerceCell(path: string, cell: string): unknown {
  const schema = carFieldSchema(path);
  const text = cell.trim();
  if (!schema) return cell;
  if (/^null$/i.test(text)) return null;
  if (path === 'images') {
    return text.split('|').map((u) => u.trim()).filter(Boolean).map((url) => ({ image: { url, thumb: { url } } }));
  }
  const s = unwrap(schema);
  switch (s.type) {
    case 'number':
      return NUMBER.test(text) ? Number(text) : cell;
    case 'boolean': {
      const lower = text.toLowerCase();
      return TRUE.has(lower) ? true : FALSE.has(lower) ? false : cell;
    }
    case 'array':
      if (text.startsWith('[')) return parseJsonCell(cell);
      return s.item && unwrap(s.item).type === 'string' ? text.split('|').map((x) => x.trim()).filter(Boolean) : cell;
    case 'object':
    case 'loose_object':
    case 'record':
    case 'union':
    case 'unknown':
      return text.startsWith('{') || text.startsWith('[') ? parseJsonCell(cell) : cell;
    default:
      return cell;
  }
}

/** A cell holding JSON (e.g. `hotspots`), or the text itself when it is not JSON (validation then names it). */
function parseJsonCell(cell: string): unknown {
  try {
    return JSON.parse(cell);
  } catch {
    return cell;
  }
}

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function setPath(target: Record<string, unknown>, path: string[], value: unknown) {
  if (path.some((key) => UNSAFE_KEYS.has(key))) return;
  let node = target;
  for (const key of path.slice(0, -1)) {
    const next = Object.hasOwn(node, key) ? node[key] : undefined;
    if (typeof next !== 'object' || next === null || Array.isArray(next)) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[path[path.length - 1]!] = value;
}

/**
 * Parses a CSV feed. The header row names Car fields (dotted for nested ones: `location.name`); an empty cell
 * leaves the field absent; blank lines are skipped. Columns that name no Car field are ignored with a warning.
 */
export function parseCsvFeed(text: string): ParsedFeed {
  const records = readCsvRecords(text);
  const isBlank = (r: CsvRecord) => r.fields.length === 1 && r.fields[0]!.trim() === '' && r.errors.length === 0;
  const header = records.find((r) => !isBlank(r));
  if (!header) return { rows: [], warnings: [] };
  if (header.errors.length) throw new FeedParseError(`Invalid CSV header: ${header.errors.join('; ')}`, header.line, 1);
  const columns = header.fields.map((f) => f.trim());
  const warnings: string[] = [];
  const seen = new Map<string, number>();
  columns.forEach((name, index) => {
    if (!name) throw new FeedParseError(`Invalid CSV header: column ${index + 1} has no name`, header.line, 1);
    if (seen.has(name)) throw new FeedParseError(`Invalid CSV header: column ${index + 1} repeats "${name}" (column ${seen.get(name)! + 1})`, header.line, 1);
    seen.set(name, index);
    const clash = columns.find((other) => other.startsWith(name + '.'));
    if (clash) throw new FeedParseError(`Invalid CSV header: "${name}" and "${clash}" both set ${name}`, header.line, 1);
    if (!carFieldSchema(name)) warnings.push(`column ${index + 1} "${name}" is not a Car field; ignored`);
  });
  const known = columns.map((name) => carFieldSchema(name) !== null);

  const rows: FeedRow[] = [];
  for (const record of records.slice(records.indexOf(header) + 1)) {
    if (isBlank(record)) continue;
    const errors = [...record.errors];
    if (record.fields.length !== columns.length) errors.push(`row has ${record.fields.length} fields; the header has ${columns.length}`);
    const value: Record<string, unknown> = {};
    record.fields.forEach((cell, index) => {
      const name = columns[index];
      if (name === undefined || !known[index] || cell === '') return;
      setPath(value, name.split('.'), coerceCell(name, cell));
    });
    rows.push(errors.length ? { line: record.line, value, errors } : { line: record.line, value });
  }
  return { rows, warnings };
}
