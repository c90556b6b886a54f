export type CatalogueLike = {
  MAKES: ReadonlyArray<{ slug: string; make: string }>;
  MODELS: ReadonlyArray<{ maker: string; model: string; body: string; trans: string; fuel: string; series: [string, number][]; until?: number; badges: [string, number][] }>;
};
export type GeneratedTaxonomyRow = {
  make: string; model: string; body: string; transmission: string; fuel: string; from: number; until: number | null;
  series: [string, number][]; badges: [string, number][];
};
export declare const CATALOGUE: string;
export declare const OUTPUT: string;
export declare function loadCatalogue(): Promise<CatalogueLike>;
export declare function taxonomyRows(catalogue: CatalogueLike): GeneratedTaxonomyRow[];
export declare function taxonomyModule(rows: readonly GeneratedTaxonomyRow[]): string;
