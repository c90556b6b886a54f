/**
 * mf-vehicle's side of bench/profile-render-entry.tsx, imported only when the car page is measured, so the search
 * page's figures build (`--only search`) whatever state mf-vehicle's sources are in.
 */
export { createApp as createVehicleApp } from '../mf-vehicle/src/app.tsx';
export { VehiclePage, locationSlotParams, pageFinance } from '../mf-vehicle/src/fragments/VehiclePage.tsx';
export { loadCar, loadMarketPrice } from '../mf-vehicle/src/lib/car-source.ts';
export { carJsonLd, siteHref } from '../mf-vehicle/src/lib/car-view.ts';
export { dialogFormSlots } from '../mf-vehicle/src/lib/lead-forms.ts';
export { marketPanel } from '../mf-vehicle/src/lib/rules.ts';
export { withReservation } from '../mf-vehicle/src/checkout/index.ts';
