import { describe, expect, it } from 'vitest';
import { INTERNAL } from '@forecourt/contracts/internal';
import { WARM_UP_ROUNDS } from '@forecourt/contracts/warm-up';
import { warmUpEdgeApi } from './warm-up.ts';

describe('edge-api isolate warm-up (issue 19, cold start)', () => {
  it('reads a made-up tenant and matches what pages ask edge-api for, each round', async () => {
    const matched: string[] = [];
    const chars = await warmUpEdgeApi({ match: (method, path) => matched.push(`${method} ${path}`) });
    expect(matched).toHaveLength(WARM_UP_ROUNDS * 3);
    expect(matched).toContain(`GET ${INTERNAL.reservedCars.path}`);
    expect(chars).toBeGreaterThan(1_000);
  });
});
