import { greetingCopy } from '../copy/greeting';

export type DayPart = keyof typeof greetingCopy.greetings;

/** Home's greeting: before 6 night, before 12 morning, before 18 day, otherwise evening (local hour). */
export function dayPart(now: Date): DayPart {
  const hour = now.getHours();
  if (hour < 6) return 'night';
  if (hour < 12) return 'morning';
  if (hour < 18) return 'day';
  return 'evening';
}

/** «Доброе утро, Анна» — first_name, or «Друг» when it is absent or blank. */
export function greeting(now: Date, firstName: string | null | undefined): string {
  const name = firstName?.trim() || greetingCopy.fallbackName;
  return `${greetingCopy.greetings[dayPart(now)]}, ${name}`;
}
