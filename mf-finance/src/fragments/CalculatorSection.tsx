import { Island, VISIBLE } from '@forecourt/ui';
import FinanceCalculator from '../islands/FinanceCalculator.tsx';
import type { FinanceCalculatorProps } from '../lib/calculator.ts';

/**
 * The finance calculator section: heading and the `FinanceCalculator` island. `#finance-calculator` is the vehicle
 * page's anchor (spec §2). It loads its code only near the viewport (first-visit JavaScript budget; on /finance it sits
 * below the finance form): the server HTML is a working GET form until then.
 */
export function CalculatorSection({ props, headingLevel = 2 }: { props: FinanceCalculatorProps; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section id="finance-calculator" className="ffc-section" aria-labelledby="ffc-title">
      <Heading id="ffc-title">Finance calculator</Heading>
      <Island remote="mf-finance" module="FinanceCalculator" id="ffc" component={FinanceCalculator} props={props} when={VISIBLE} />
    </section>
  );
}
