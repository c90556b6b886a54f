/**
 * The embedded adapter of the PDF port (local runs, and the default): the car as a PDF (spec §7 "PDF by slug"; §4 PDF
 * print). No PDF library is installed, so this writes a plain PDF 1.4 document itself: A4 pages of Helvetica text
 * (WinAnsi; characters outside Latin-1 become '?').
 */
import type { Car } from '@forecourt/contracts/entities/car';
import { priceDisplay } from '@forecourt/contracts/display';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { carDetails, specifications, summary } from '../lib/car-view.ts';
import { commentsPending } from '../lib/rules.ts';
import { dealerText } from '../lib/sanitize.ts';
import { PdfRenderError, type CarPdfInput, type CarPdfPort } from './port.ts';

export type PdfLine = { text: string; bold?: boolean; size?: number };

const PAGE = { width: 595, height: 842, margin: 50 } as const;

/** Wraps text to lines of at most `width` characters at spaces. */
export function wrap(text: string, width = 95): string[] {
  const out: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const word of para.split(/\s+/).filter(Boolean)) {
      if (line && line.length + 1 + word.length > width) {
        out.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    out.push(line);
  }
  return out;
}

const escapePdf = (s: string) => s.replace(/[^\x20-\x7e\xa0-\xff]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);

/** A text-only PDF document of the given lines, paginated. */
export function textPdf(lines: PdfLine[]): Uint8Array<ArrayBuffer> {
  const pages: string[] = [];
  let content = '';
  let y = PAGE.height - PAGE.margin;
  for (const line of lines) {
    const size = line.size ?? 10;
    const lead = size * 1.4;
    if (y - lead < PAGE.margin) {
      pages.push(content);
      content = '';
      y = PAGE.height - PAGE.margin;
    }
    y -= lead;
    content += `BT /${line.bold ? 'F2' : 'F1'} ${size} Tf ${PAGE.margin} ${y.toFixed(1)} Td (${escapePdf(line.text)}) Tj ET\n`;
  }
  pages.push(content);
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 5 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  pages.forEach((stream, i) => {
    const id = pageIds[i]!;
    objects[id] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${id + 1} 0 R >>`;
    objects[id + 1] = `<< /Length ${stream.length} >>\nstream\n${stream}endstream`;
  });
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = body.length;
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = body.length;
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n${offsets.slice(1).map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  // Latin-1 bytes: every character above is one byte, so offsets counted in characters are byte offsets.
  return Uint8Array.from(body, (c) => c.charCodeAt(0) & 0xff);
}

/** The print page's content as PDF lines: name, price, summary, details, specifications, features, comments. */
export function carPdf(car: Car, config: Pick<SiteConfig, 'name' | 'contact' | 'time_zone'> & { vdp_config?: Pick<SiteConfig['vdp_config'], 'show_unregistered'> }, now = new Date()): Uint8Array<ArrayBuffer> {
  const lines: PdfLine[] = [{ text: car.name, bold: true, size: 16 }, { text: `${priceDisplay(car).text}${car.price_type ? ` ${car.price_type}` : ''}`, bold: true, size: 12 }];
  const section = (title: string) => lines.push({ text: '' }, { text: title, bold: true, size: 12 });
  for (const l of wrap(summary(car))) lines.push({ text: l });
  section('Car details');
  for (const row of carDetails(car, now, { timeZone: config.time_zone, showUnregistered: config.vdp_config?.show_unregistered ?? false })) lines.push({ text: `${row.label}: ${row.value}` });
  const specs = specifications(car);
  if (specs.length) {
    section('Specifications');
    for (const row of specs) lines.push({ text: `${row.label}: ${row.value}` });
  }
  if (car.features?.length) {
    section('Features');
    for (const l of wrap(car.features.join(', '))) lines.push({ text: l });
  }
  if (!commentsPending(car.dealercomments)) {
    section('Dealer Comments');
    for (const l of wrap(dealerText(car.dealercomments ?? ''))) lines.push({ text: l });
  }
  lines.push({ text: '' }, { text: `${car.dealership_name || config.name} - ${car.location?.phone || config.contact.phone}` });
  return textPdf(lines);
}

/** The port over the writer above: needs nothing outside the Worker, so it works offline and never times out. */
export class EmbeddedCarPdf implements CarPdfPort {
  constructor(private readonly now: () => Date = () => new Date()) {}

  async render({ tenant, car }: CarPdfInput): Promise<Uint8Array<ArrayBuffer>> {
    try {
      return carPdf(car, tenant, this.now());
    } catch (error) {
      // A bug in the writer still reaches the shopper as the §8 message, with the cause in the logs.
      throw new PdfRenderError(`embedded writer failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
