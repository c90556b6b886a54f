/**
 * JSON Schema snapshot of every contract (ARCHITECTURE.md "Browser events"): a change to any exported schema
 * changes contracts/schema-snapshot.json, so it shows up in review and fails CI until the snapshot is updated
 * on purpose (`npx vitest run --project unit contracts -u`). A breaking change to an event needs a new version instead.
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import * as contracts from './index.ts';
import { EVENT_SCHEMAS } from './events.ts';

const isSchema = (x: unknown): x is v.GenericSchema =>
  typeof x === 'object' && x !== null && (x as { kind?: unknown }).kind === 'schema';

const exported = Object.entries(contracts as Record<string, unknown>)
  .filter((entry): entry is [string, v.GenericSchema] => /^[A-Z]\w*Schema$/.test(entry[0]) && isSchema(entry[1]))
  .sort(([a], [b]) => a.localeCompare(b));

describe('contract JSON Schemas', () => {
  it('every exported *Schema is a valibot schema', () => {
    const names = Object.keys(contracts).filter((k) => /^[A-Z]\w*Schema$/.test(k));
    expect(exported.map(([n]) => n)).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(exported.length).toBeGreaterThan(60);
  });

  it('match the committed snapshot', async () => {
    const snapshot: Record<string, unknown> = {};
    for (const [name, schema] of exported) snapshot[name] = toJsonSchema(schema, { errorMode: 'ignore' });
    for (const [name, schema] of Object.entries(EVENT_SCHEMAS).sort(([a], [b]) => a.localeCompare(b))) {
      snapshot[`event:${name}`] = toJsonSchema(schema, { errorMode: 'ignore' });
    }
    await expect(`${JSON.stringify(snapshot, null, 2)}\n`).toMatchFileSnapshot('../schema-snapshot.json');
  });
});
