/** Phone reveal helpers, kept apart from the rules so the PhoneReveal island stays small. */

/**
 * Spec §4 Phone reveal: digits after the fifth are masked with asterisks until clicked (spacing kept).
 * @example maskPhone('07 5550 1200') // '07 555* ****'
 */
export function maskPhone(phone: string): string {
  let digits = 0;
  return phone.replace(/\d/g, (d) => (++digits > 5 ? '*' : d));
}

