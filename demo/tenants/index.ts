/** Every demo tenant, in a stable order (the order of `demoTenants()` and of the seed). Add a new tenant here. */
import type { DemoTenant } from '../src/kit.ts';
import { harbourside } from './harbourside-toyota.ts';
import { southernCross } from './southern-cross-motor-group.ts';
import { outback } from './outback-used-cars.ts';

export const DEMO_TENANTS: readonly DemoTenant[] = [harbourside, southernCross, outback];
