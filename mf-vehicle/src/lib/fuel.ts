/** Fuel calculator arithmetic, kept apart from the rules so the FuelCalculator island stays small. */
import { FUEL_CALCULATOR_DEFAULTS } from '@forecourt/contracts/constants';

/**
 * Spec §5 Fuel calculator: cost = distance/100 x consumption x price, 2 decimals. Bad inputs give null.
 * @example fuelCost() // '42.50' (250 km at 10 L/100km and $1.70)
 */
export function fuelCost(kmPerWeek: number = FUEL_CALCULATOR_DEFAULTS.kmPerWeek, litresPer100km: number = FUEL_CALCULATOR_DEFAULTS.litresPer100km, pricePerLitre: number = FUEL_CALCULATOR_DEFAULTS.pricePerLitre): string | null {
  if (![kmPerWeek, litresPer100km, pricePerLitre].every((n) => Number.isFinite(n) && n >= 0)) return null;
  return ((kmPerWeek / 100) * litresPer100km * pricePerLitre).toFixed(2);
}

