// How a period of months is named in Russian — one rule for the invoices the bot makes and the app's plans.
// Plain TypeScript without zod: the client imports it at run time.

/** месяц / месяца / месяцев for `n` (1 месяц, 3 месяца, 6 месяцев, 12 месяцев, 21 месяц). */
export function monthsWord(n: number): string {
  const tens = n % 100;
  const ones = n % 10;
  if (tens >= 11 && tens <= 14) return 'месяцев';
  if (ones === 1) return 'месяц';
  if (ones >= 2 && ones <= 4) return 'месяца';
  return 'месяцев';
}

/** '1 месяц', '3 месяца', '12 месяцев'. */
export function monthsPhrase(n: number): string {
  return `${n} ${monthsWord(n)}`;
}
