import { useId, useState } from 'react';
import { FUEL_CALCULATOR_DEFAULTS } from '@forecourt/contracts/constants';
import { fuelCost } from '../lib/fuel.ts';

/**
 * Fuel Calculator (spec §5): fuel price $/L (default 1.70), distance km per week (250), consumption L/100km (10);
 * weekly cost = distance/100 x consumption x price to 2 decimals. The server renders the defaults' result.
 */
export default function FuelCalculator({ consumption }: { consumption?: number | null }) {
  const id = useId();
  const [price, setPrice] = useState(FUEL_CALCULATOR_DEFAULTS.pricePerLitre.toFixed(2));
  const [km, setKm] = useState(String(FUEL_CALCULATOR_DEFAULTS.kmPerWeek));
  const [litres, setLitres] = useState(String(consumption && consumption > 0 ? consumption : FUEL_CALCULATOR_DEFAULTS.litresPer100km));
  const cost = fuelCost(Number(km), Number(litres), Number(price));
  const field = (name: string, label: string, value: string, set: (v: string) => void, step: string) => (
    <div className="fv-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input id={`${id}-${name}`} name={name} type="number" inputMode="decimal" min="0" step={step} value={value} onChange={(e) => set(e.target.value)} />
    </div>
  );
  return (
    <form className="fv-calc" onSubmit={(e) => e.preventDefault()}>
      {field('price', 'Fuel price ($ per litre)', price, setPrice, '0.01')}
      {field('km', 'Distance (km per week)', km, setKm, '1')}
      {field('litres', 'Fuel consumption (L/100km)', litres, setLitres, '0.1')}
      <p className="fv-calc__result" role="status">
        {cost === null ? 'Enter numbers to see the cost.' : <>Estimated fuel cost: <strong>${cost}</strong> per week</>}
      </p>
    </form>
  );
}
