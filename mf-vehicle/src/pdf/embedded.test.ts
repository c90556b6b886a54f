import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CarSchema } from '@forecourt/contracts/entities/car';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { siteConfig } from '../test/tenant.ts';
import { EmbeddedCarPdf, textPdf, wrap } from './embedded.ts';
import { PDF_FAILED, PdfRenderError } from './port.ts';

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

describe('EmbeddedCarPdf (the port over the writer)', () => {
  const tenant = siteConfig('test-motors');
  const car = v.parse(CarSchema, sampleCar);
  it('renders the car: name, price and the dealer line, as a PDF', async () => {
    const pdf = latin1(await new EmbeddedCarPdf(() => new Date('2024-06-01T00:00:00Z')).render({ tenant, car, printUrl: null }));
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf).toContain(`(${sampleCar.name}) Tj`);
    expect(pdf).toContain('(Car details) Tj');
  });
  it('a writer failure is a PdfRenderError with the shopper message and the cause for logs', async () => {
    const error = await new EmbeddedCarPdf().render({ tenant, car: { ...car, name: null as unknown as string }, printUrl: null }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PdfRenderError);
    expect((error as PdfRenderError).message).toBe(PDF_FAILED);
    expect((error as PdfRenderError).reason).toMatch(/^embedded writer failed: /);
  });
});
