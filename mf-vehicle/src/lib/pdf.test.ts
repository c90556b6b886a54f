import { describe, expect, it } from 'vitest';
import { textPdf, wrap } from './pdf.ts';

const latin1 = (bytes: Uint8Array) => String.fromCharCode(...bytes);

describe('textPdf', () => {
  it('writes a PDF whose xref offsets point at its objects', () => {
    const pdf = latin1(textPdf([{ text: 'Hello (world) \\ test', bold: true }, { text: 'Ünïcode → ok' }]));
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf).toContain('(Hello \\(world\\) \\\\ test) Tj');
    expect(pdf).toContain('(Ünïcode ? ok) Tj');
    const xref = Number(pdf.match(/startxref\n(\d+)/)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((o, i) => expect(pdf.slice(o, o + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
    const stream = pdf.match(/<< \/Length (\d+) >>\nstream\n([\s\S]*?)endstream/)!;
    expect(stream[2]!.length).toBe(Number(stream[1]));
  });
  it('paginates long documents', () => {
    const pdf = latin1(textPdf(Array.from({ length: 120 }, (_, i) => ({ text: `line ${i}` }))));
    expect(pdf).toMatch(/\/Count 3 >>/);
  });
  it('wraps at spaces', () => {
    expect(wrap('aa bb cc', 5)).toEqual(['aa bb', 'cc']);
  });
});
