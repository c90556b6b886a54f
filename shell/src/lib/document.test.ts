import { describe, expect, it } from 'vitest';
import { remoteMap, scriptJson, slugify } from './document.ts';

describe('document helpers', () => {
  it('scriptJson cannot close a script element or break JS', () => {
    const out = scriptJson({ a: '</script><script>alert(1)</script>', b: '\u2028' });
    expect(out).not.toContain('</script>');
    expect(out).not.toContain('\u2028');
    expect(JSON.parse(out)).toEqual({ a: '</script><script>alert(1)</script>', b: '\u2028' });
  });
  it('remoteMap points every remote at its versioned same-origin entry', () => {
    const map = remoteMap({ remotes: { 'mf-search': '1.2.3', 'mf-vehicle': '0.1.0', 'mf-locations': '0.1.0', 'mf-finance': '0.1.0', 'mf-account': '0.1.0' } } as never);
    expect(map.mf_search).toBe('/_mf/mf-search/1.2.3/remoteEntry.js');
    expect(Object.keys(map)).toHaveLength(5);
  });
  it('slugify', () => {
    expect(slugify('Corolla Cross')).toBe('corolla-cross');
    expect(slugify('CX-5 ')).toBe('cx-5');
  });
});
