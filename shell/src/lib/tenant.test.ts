import { describe, expect, it } from 'vitest';
import { slugFromLocalHost } from './tenant.ts';

describe('slugFromLocalHost (tenant resolution, local hosts)', () => {
  it('takes the slug from <slug>.localhost with or without a port', () => {
    expect(slugFromLocalHost('harbourside-toyota.localhost:8787')).toBe('harbourside-toyota');
    expect(slugFromLocalHost('Outback-Used-Cars.LOCALHOST')).toBe('outback-used-cars');
  });
  it('rejects anything else', () => {
    expect(slugFromLocalHost('localhost:8787')).toBeNull();
    expect(slugFromLocalHost('a.b.localhost')).toBeNull();
    expect(slugFromLocalHost('www.dealer.com.au')).toBeNull();
    expect(slugFromLocalHost('bad_slug.localhost')).toBeNull();
  });
});
