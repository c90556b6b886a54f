import { describe, expect, it } from 'vitest';
import { compactMarkUrl } from './marks.ts';

describe('compact make marks', () => {
  it('compactMarkUrl keeps the query and fragment of the logo address', () => {
    expect(compactMarkUrl('/a.svg')).toBe('/a.svg?variant=compact');
    expect(compactMarkUrl('/a.svg?x=1')).toBe('/a.svg?x=1&variant=compact');
    expect(compactMarkUrl('/a.svg#m')).toBe('/a.svg?variant=compact#m');
  });
});
