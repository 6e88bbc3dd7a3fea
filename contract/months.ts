// How a period of months is named in Russian — one rule for the invoices the bot makes and the app's plans.
// Plain TypeScript without zod: the client imports it at run time.
import { plural } from './plural';

/** месяц / месяца / месяцев for `n` (1 месяц, 3 месяца, 6 месяцев, 12 месяцев, 21 месяц). */
export function monthsWord(n: number): string {
  return plural(n, ['месяц', 'месяца', 'месяцев']);
}

/** '1 месяц', '3 месяца', '12 месяцев'. */
export function monthsPhrase(n: number): string {
  return `${n} ${monthsWord(n)}`;
}
