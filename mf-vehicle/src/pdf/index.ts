export { PDF_FAILED, PdfRenderError, printPageUrl, type CarPdfInput, type CarPdfPort } from './port.ts';
export { EmbeddedCarPdf } from './embedded.ts';
export { CloudflareCarPdf, type CloudflareCarPdfOptions } from './cloudflare.ts';
export { CAR_PDF_ADAPTERS, selectCarPdf, type CarPdfEnv } from './select.ts';
