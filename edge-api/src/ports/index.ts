/** Provider ports of edge-api (ARCHITECTURE.md): one adapter per port, chosen per deployment by env vars. */
import type { AutograbPort } from './autograb/port.ts';
import type { CrmPort } from './crm/port.ts';
import type { DeliveryPort } from './delivery/port.ts';
import type { GeocodingPort } from './geocoding/port.ts';
import type { PaymentsPort } from './payments/port.ts';
import type { RegoLookupPort } from './rego-lookup/port.ts';
import type { SmsPort } from './sms/port.ts';
import type { TurnstilePort } from './turnstile/port.ts';
import type { ValuationPort } from './valuation/port.ts';
import type { YouxPort } from './youx/port.ts';
import { selectAutograb } from './autograb/select.ts';
import { selectCrm } from './crm/select.ts';
import { selectDelivery } from './delivery/select.ts';
import { selectGeocoding } from './geocoding/select.ts';
import { selectPayments } from './payments/select.ts';
import { selectRegoLookup } from './rego-lookup/select.ts';
import { selectSms } from './sms/select.ts';
import { selectTurnstile } from './turnstile/select.ts';
import { selectValuation } from './valuation/select.ts';
import { selectYoux } from './youx/select.ts';

export type Ports = {
  sms: SmsPort;
  crm: CrmPort;
  youx: YouxPort;
  autograb: AutograbPort;
  delivery: DeliveryPort;
  geocoding: GeocodingPort;
  payments: PaymentsPort;
  turnstile: TurnstilePort;
  regoLookup: RegoLookupPort;
  valuation: ValuationPort;
};

/** Builds every port from the Worker env; throws naming the variable when one names an unknown adapter. */
export function createPorts(env: Env): Ports {
  return {
    sms: selectSms(env),
    crm: selectCrm(env),
    youx: selectYoux(env),
    autograb: selectAutograb(env),
    delivery: selectDelivery(env),
    geocoding: selectGeocoding(env),
    payments: selectPayments(env),
    turnstile: selectTurnstile(env),
    regoLookup: selectRegoLookup(env),
    valuation: selectValuation(env),
  };
}
