// Russian plural agreement of a noun with a count — the one rule for every counted word (months on invoices and
// plans, stars, days). Plain TypeScript without zod: the client imports it at run time.

/** A noun's three forms: for 1 (and 21, 31…), for 2–4 (22–24…), for 5–20, 11–14 and the rest. */
export type PluralForms = readonly [one: string, few: string, many: string];

/** The form of `forms` that agrees with `n`: 1 звезда, 2 звезды, 5 звёзд, 11 звёзд, 21 звезда. */
export function plural(n: number, forms: PluralForms): string {
  const tens = Math.abs(n) % 100;
  const ones = Math.abs(n) % 10;
  if (tens >= 11 && tens <= 14) return forms[2];
  if (ones === 1) return forms[0];
  if (ones >= 2 && ones <= 4) return forms[1];
  return forms[2];
}
