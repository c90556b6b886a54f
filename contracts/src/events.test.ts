import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVENT_CONSUMERS, EVENT_NAMES, EVENT_PRODUCERS, EVENT_SCHEMAS, emit, on, type EventName } from './events.ts';
import { PAGES, type RouteOwner } from './routes.ts';

const fav = { id: '1', name: '2021 Toyota Corolla', slug: '2021-toyota-corolla-1', make: 'Toyota', model: 'Corolla', primary_image_url: null };

afterEach(() => vi.restoreAllMocks());

describe('emit / on', () => {
  it('delivers a valid payload to typed handlers and unsubscribes', () => {
    const target = new EventTarget();
    const seen: number[] = [];
    const off = on('favourites.changed.v1', (p) => seen.push(p.favourites.length), target);
    expect(emit('favourites.changed.v1', { favourites: [fav], change: { action: 'add', id: '1' } }, target)).toBe(true);
    off();
    emit('favourites.changed.v1', { favourites: [] }, target);
    expect(seen).toEqual([1]);
  });

  it('does not dispatch an invalid payload and logs it', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const target = new EventTarget();
    const raw = vi.fn();
    target.addEventListener('watchlist.changed.v1', raw);
    // @ts-expect-error ids must be strings
    expect(emit('watchlist.changed.v1', { ids: [1] }, target)).toBe(false);
    expect(raw).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledOnce();
  });

  it('ignores events dispatched by hand with a bad detail', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const target = new EventTarget();
    const handler = vi.fn();
    on('compare.changed.v1', handler, target);
    target.dispatchEvent(new CustomEvent('compare.changed.v1', { detail: { cars: 'all' } }));
    target.dispatchEvent(new CustomEvent('compare.changed.v1', { detail: { cars: [fav] } }));
    expect(handler).toHaveBeenCalledOnce();
    expect(handler).toHaveBeenCalledWith({ cars: [fav] });
    expect(error).toHaveBeenCalledOnce();
  });

  it('passes parsed output (defaults applied) to handlers', () => {
    const target = new EventTarget();
    const handler = vi.fn();
    on('search.changed.v1', handler, target);
    emit('search.changed.v1', { path: '/search/used-cars', request: { filters: { car_type: ['used'] } }, count: 120 }, target);
    expect(handler.mock.calls[0]?.[0].request).toMatchObject({ page: 1, sortBy: 'relevance', hitsPerPage: 21 });
  });

  it('needs a target outside the browser', () => {
    expect(() => emit('viewed.changed.v1', { viewed: [] })).toThrow(/No window/);
  });
});

/** A table entry: `<part> emits <event>` or `<part> consumes <event>`. */
type Declaration = `${RouteOwner} ${'emits' | 'consumes'} ${EventName}`;

/**
 * Declared in EVENT_PRODUCERS / EVENT_CONSUMERS but not yet in code, each with the issue whose work adds the call.
 * Remove a line when its emit/on lands (the test fails on a planned entry that the code already has).
 */
const PLANNED_EVENTS: ReadonlySet<Declaration> = new Set<Declaration>([
  // Issue #3 (mf-search: complete stock search): refinements.
  'mf-search emits search.changed.v1',
  // Issue #5 (mf-vehicle: the complete vehicle detail page): viewed cars, embedded calculator.
  'mf-vehicle consumes finance.calculator.used.v1',
  // Issue #5 too: mf-finance's calculator emits finance.calculator.used.v1 (and sends analytics 26 itself through track).
  'shell consumes finance.calculator.used.v1',
]);

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const EVENT_CALL = /\b(emit|on)\s*(?:<[^>()]*>)?\(\s*(['"`])([a-z]+(?:\.[a-z]+)+\.v\d+)\2/g;
const EVENT_TRIGGER = /kind:\s*'event',\s*name:\s*'([a-z]+(?:\.[a-z]+)*\.v\d+)'/g;
const EVENT_LITERAL = /(['"`])([a-z]+(?:\.[a-z]+)+\.v\d+)\1/g;

/** Source files of a part: `<part>/src/**\/*.{ts,tsx}` without tests and test helpers. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The code without comments (strings kept), so a name mentioned in a comment neither counts nor trips the literal check. */
function stripComments(text: string): string {
  let out = '';
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === quote) quote = null;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 1;
      out += ' ';
    } else {
      if (c === "'" || c === '"' || c === '`') quote = c;
      out += c;
    }
  }
  return out;
}

type Scan = { emits: Set<string>; consumes: Set<string>; problems: string[] };

/**
 * Shared browser modules that emit or listen on a part's behalf (the watchlist toggle's one implementation): a part
 * importing one emits / consumes what it does. The module's own code is checked to really make those calls.
 */
const SHARED_EVENT_MODULES: Record<string, { file: string; emits: EventName[]; consumes: EventName[] }> = {
  '@forecourt/contracts/watchlist-client': { file: 'contracts/src/watchlist-client.ts', emits: ['watchlist.changed.v1'], consumes: [] },
  '@forecourt/ui/watchlist': { file: 'ui/src/watchlist.tsx', emits: ['watchlist.changed.v1'], consumes: ['watchlist.changed.v1'] },
};

/** What a part's code really emits and listens for. Every versioned event name in the code must sit in an emit/on call. */
function scanPart(part: RouteOwner): Scan {
  const dir = path.join(ROOT, part, 'src');
  const scan: Scan = { emits: new Set(), consumes: new Set(), problems: [] };
  if (!existsSync(dir)) {
    scan.problems.push(`${part}: no ${dir}`);
    return scan;
  }
  for (const file of sourceFiles(dir)) {
    const text = stripComments(readFileSync(file, 'utf8'));
    const rel = path.relative(ROOT, file);
    let calls = 0;
    for (const [, fn, , name] of text.matchAll(EVENT_CALL)) {
      calls++;
      if (!(EVENT_NAMES as string[]).includes(name!)) scan.problems.push(`${rel}: ${fn}('${name}') is not an event of events.ts`);
      (fn === 'emit' ? scan.emits : scan.consumes).add(name!);
    }
    // An island load trigger (contracts/islands.ts `{ kind: 'event', name }`) listens for the event on the part's behalf.
    for (const [, name] of text.matchAll(EVENT_TRIGGER)) {
      calls++;
      if (!(EVENT_NAMES as string[]).includes(name!)) scan.problems.push(`${rel}: island trigger '${name}' is not an event of events.ts`);
      scan.consumes.add(name!);
    }
    for (const [specifier, shared] of Object.entries(SHARED_EVENT_MODULES)) {
      if (!text.includes(`from '${specifier}'`)) continue;
      for (const name of shared.emits) scan.emits.add(name);
      for (const name of shared.consumes) scan.consumes.add(name);
    }
    const literals = [...text.matchAll(EVENT_LITERAL)].filter(([, , name]) => (EVENT_NAMES as string[]).includes(name!)).length;
    if (literals > calls) scan.problems.push(`${rel}: an event name is used outside emit('<name>', …) / on('<name>', …); write the name in the call so this test sees it`);
  }
  return scan;
}

describe('shared event modules', () => {
  it('really make the calls they are counted for', () => {
    for (const shared of Object.values(SHARED_EVENT_MODULES)) {
      const text = stripComments(readFileSync(path.join(ROOT, shared.file), 'utf8'));
      const calls = [...text.matchAll(EVENT_CALL)].map(([, fn, , name]) => `${fn} ${name}`);
      // Itself, or through another shared module it imports (ui's hook sends through the contracts client).
      const via = Object.entries(SHARED_EVENT_MODULES).filter(([specifier]) => text.includes(`from '${specifier}'`)).map(([, m]) => m);
      for (const name of shared.emits) expect(calls.includes(`emit ${name}`) || via.some((m) => m.emits.includes(name)), `${shared.file} emits ${name}`).toBe(true);
      for (const name of shared.consumes) expect(calls.includes(`on ${name}`) || via.some((m) => m.consumes.includes(name)), `${shared.file} listens for ${name}`).toBe(true);
    }
  });
});

describe('event contract', () => {
  const parts = Object.keys(PAGES) as RouteOwner[];
  const produced = new Set(Object.values(EVENT_PRODUCERS).flat());
  const scans = new Map(parts.map((part) => [part, scanPart(part)]));

  it('every part of the platform declares what it emits and consumes', () => {
    expect(Object.keys(EVENT_PRODUCERS).sort()).toEqual([...parts].sort());
    expect(Object.keys(EVENT_CONSUMERS).sort()).toEqual([...parts].sort());
  });

  it('every consumed event has a producer and a schema', () => {
    for (const [part, names] of Object.entries(EVENT_CONSUMERS)) {
      for (const name of names) {
        expect(produced.has(name), `${part} consumes ${name}, which nobody emits`).toBe(true);
        expect(EVENT_SCHEMAS[name], name).toBeDefined();
      }
    }
  });

  it('every schema is produced by someone and names are versioned', () => {
    for (const name of EVENT_NAMES) {
      expect(name).toMatch(/^[a-z]+(?:\.[a-z]+)+\.v\d+$/);
      expect(produced.has(name), `${name} has no producer`).toBe(true);
    }
  });

  it('the sources use events only through emit/on with a known name', () => {
    expect(parts.flatMap((part) => scans.get(part)!.problems)).toEqual([]);
  });

  it.each(parts)('%s: the tables match the emit/on calls in its code (or a planned issue)', (part) => {
    const scan = scans.get(part)!;
    const declared = { emits: new Set<string>(EVENT_PRODUCERS[part]), consumes: new Set<string>(EVENT_CONSUMERS[part]) };
    const errors: string[] = [];
    for (const role of ['emits', 'consumes'] as const) {
      const table = role === 'emits' ? 'EVENT_PRODUCERS' : 'EVENT_CONSUMERS';
      for (const name of scan[role]) if (!declared[role].has(name)) errors.push(`${part} ${role} ${name} in code, but ${table}['${part}'] does not declare it`);
      for (const name of declared[role]) {
        const planned = PLANNED_EVENTS.has(`${part} ${role} ${name}` as Declaration);
        if (!scan[role].has(name) && !planned) errors.push(`${table}['${part}'] declares ${name}, but no code ${role === 'emits' ? "emits it: add emit('" : "listens: add on('"}${name}', …) or list it in PLANNED_EVENTS with its issue`);
        if (scan[role].has(name) && planned) errors.push(`'${part} ${role} ${name}' is in the code now: remove it from PLANNED_EVENTS`);
      }
    }
    expect(errors).toEqual([]);
  });

  it('every planned entry is declared in the tables', () => {
    for (const entry of PLANNED_EVENTS) {
      const [part, role, name] = entry.split(' ') as [RouteOwner, 'emits' | 'consumes', EventName];
      const table: readonly string[] = (role === 'emits' ? EVENT_PRODUCERS : EVENT_CONSUMERS)[part];
      expect(table, entry).toContain(name);
    }
  });

  it('the scanner ignores comments and sees calls with type arguments', () => {
    const code = stripComments(`// emit('lead.submitted.v1')\n/* on('viewed.changed.v1') */ const u = 'https://x/y'; emit<'a'>('search.changed.v1', p);`);
    expect([...code.matchAll(EVENT_CALL)].map((m) => m[3])).toEqual(['search.changed.v1']);
    expect(code).toContain("'https://x/y'");
  });

  it('favourites.changed.v1: mf-search and mf-account both emit it and listen to it, in code', () => {
    for (const part of ['mf-search', 'mf-account'] as const) {
      expect(EVENT_PRODUCERS[part]).toContain('favourites.changed.v1');
      expect(EVENT_CONSUMERS[part]).toContain('favourites.changed.v1');
      expect(scans.get(part)!.emits.has('favourites.changed.v1'), `${part} emits`).toBe(true);
      expect(scans.get(part)!.consumes.has('favourites.changed.v1'), `${part} listens`).toBe(true);
    }
  });
});
