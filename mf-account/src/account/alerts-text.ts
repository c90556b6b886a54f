/** The words of the text alerts (issue 16), built from contracts' rules so the page says what the platform does. */
import { ALERT_QUIET_HOURS, ALERTS_PER_DAY } from '@forecourt/contracts/account';

/** An hour of the day as shoppers say it: 21 -> '9 pm', 8 -> '8 am', 0 -> '12 am'. */
export const hourText = (hour: number): string => `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'am' : 'pm'}`;

const perDay = ALERTS_PER_DAY === 1 ? 'one text a day' : `${ALERTS_PER_DAY} texts a day`;

/** What text alerts are, how often and when they come (ALERTS_PER_DAY, ALERT_QUIET_HOURS), and how to stop them. */
export const ALERTS_EXPLAINED =
  `We text you when a saved car's price drops or it sells, and when new cars match one of your saved searches. ` +
  `At most ${perDay}, never between ${hourText(ALERT_QUIET_HOURS.start)} and ${hourText(ALERT_QUIET_HOURS.end)}. ` +
  'Every text has a link to stop them.';
