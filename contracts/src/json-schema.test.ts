/**
 * JSON Schema snapshot of every contract (ARCHITECTURE.md "Browser events"): a change to any exported schema
 * changes contracts/schema-snapshot.json, so it shows up in review and fails CI until the snapshot is updated
 * on purpose (`npx vitest run --project unit contracts -u`). A breaking change to an event needs a new version instead.
 * The same snapshot travels with every build (contract-surface.ts), where the canary's check compares two versions.
 */
import { describe, expect, it } from 'vitest';
import * as contracts from './index.ts';
import { exportedSchemas, schemaSnapshot } from './contract-surface.ts';

describe('contract JSON Schemas', () => {
  it('every exported *Schema is a valibot schema', () => {
    const names = Object.keys(contracts).filter((k) => /^[A-Z]\w*Schema$/.test(k));
    expect(exportedSchemas().map(([n]) => n)).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names.length).toBeGreaterThan(60);
  });

  it('match the committed snapshot', async () => {
    await expect(`${JSON.stringify(schemaSnapshot(), null, 2)}\n`).toMatchFileSnapshot('../schema-snapshot.json');
  });
});
