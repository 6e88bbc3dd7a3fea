// The home week as the device keeps it between openings (src/screens/home/summaryStorage.ts), read without trust:
// storage may hold anything (another build's shape, a hand edit), and anything that is not a whole summary is none.
import type { HomeSummary } from '../../contract/home';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isDate = (v: unknown) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
const isCount = (v: unknown) => Number.isInteger(v) && (v as number) >= 0;
const isMood = (v: unknown) => v === null || (typeof v === 'number' && v >= 1 && v <= 5);

export function parseStoredSummary(raw: string | null): HomeSummary | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value) || !isDate(value.today)) return null;
  const { streak, week, insight } = value;
  if (!isRecord(streak) || !isCount(streak.days) || !isCount(streak.active_days_30)) return null;
  if (typeof streak.active_today !== 'boolean') return null;
  if (!Array.isArray(week) || week.length !== 7) return null;
  if (!week.every((d) => isRecord(d) && isDate(d.date) && isMood(d.mood))) return null;
  if (!isRecord(insight) || typeof insight.kind !== 'string' || typeof insight.text !== 'string') return null;
  return value as unknown as HomeSummary;
}
