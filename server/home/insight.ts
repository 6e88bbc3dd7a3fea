// Home's insight: one short Russian sentence about the user's last two weeks — the practice that helped most by
// their ratings, the day of the week that is hardest, how this week's mood compares with the last — and a general
// thought when there is too little to say something personal. Several that apply take turns by day. Never a
// judgement: what helped, and what might help.
import type { HomeSummary, InsightKind } from '../../contract/home';
import { practiceById } from '../practices/service';
import { addDays, weekdayOf } from '../http/time-zone';

export interface InsightData {
  today: string;
  /** Each local day's mean mood (1–5), the last 14 days. */
  moodDays: Array<{ day: string; mood: number }>;
  /** Ratings (1–5) of practices finished in the last 14 days. */
  ratings: Array<{ practiceType: string; rating: number }>;
}

/** Dative plural: «по понедельникам». */
const WEEKDAYS_DATIVE = ['понедельникам', 'вторникам', 'средам', 'четвергам', 'пятницам', 'субботам', 'воскресеньям'];

export const GENERAL_THOUGHTS = [
  'Замечать свои чувства — уже забота о себе: даже пара минут тишины и ровного дыхания помогает вернуть опору.',
  'Не обязательно чувствовать себя хорошо каждый день — достаточно быть к себе внимательнее.',
  'Короткая запись в дневнике помогает увидеть, что на самом деле вас беспокоит.',
  'Медленный выдох длиннее вдоха — самый быстрый способ подать телу сигнал «всё в порядке».',
  'Маленький шаг, сделанный сегодня, значит больше идеального плана на завтра.',
  'Разговор о том, что тревожит, часто делает тревогу тише.',
  'Отдых — это не награда за сделанное, а часть заботы о себе.',
];

/** Minimums before a pattern is worth saying: fewer would be noise. */
const MIN_RATINGS = 2;
const GOOD_RATING = 4;
const MIN_MOOD_DAYS = 4;
const MIN_WEEKDAYS = 3;
const WEEKDAY_GAP = 0.75;
const TREND_GAP = 0.5;

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const oneDecimal = (x: number) => (Math.round(x * 10) / 10).toLocaleString('ru-RU');
const dayNumber = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / 86_400_000);

function bestPractice(ratings: InsightData['ratings']): string | null {
  const byType = new Map<string, number[]>();
  for (const r of ratings) byType.set(r.practiceType, [...(byType.get(r.practiceType) ?? []), r.rating]);
  let best: { name: string; avg: number; n: number } | null = null;
  for (const [type, rs] of byType) {
    const name = practiceById(type)?.name;
    if (!name || rs.length < MIN_RATINGS) continue;
    const avg = mean(rs);
    if (avg >= GOOD_RATING && (!best || avg > best.avg || (avg === best.avg && rs.length > best.n)))
      best = { name, avg, n: rs.length };
  }
  return best
    ? `Больше всего вам помогает практика «${best.name}»: в среднем ${oneDecimal(best.avg)} из 5 за две недели.`
    : null;
}

function lowestWeekday(moodDays: InsightData['moodDays']): string | null {
  if (moodDays.length < MIN_MOOD_DAYS) return null;
  const byWeekday = new Map<number, number[]>();
  for (const d of moodDays) byWeekday.set(weekdayOf(d.day), [...(byWeekday.get(weekdayOf(d.day)) ?? []), d.mood]);
  if (byWeekday.size < MIN_WEEKDAYS) return null;
  const overall = mean(moodDays.map((d) => d.mood));
  const [weekday, moods] = [...byWeekday].sort((a, b) => mean(a[1]) - mean(b[1]))[0]!;
  // «По понедельникам» needs two Mondays at least: one hard day is not a pattern.
  if (moods.length < 2 || overall - mean(moods) < WEEKDAY_GAP) return null;
  return `По ${WEEKDAYS_DATIVE[weekday]} вам бывает труднее — запланируйте на этот день что-то приятное для себя.`;
}

function trend(today: string, moodDays: InsightData['moodDays']): { kind: InsightKind; text: string } | null {
  const weekAgo = addDays(today, -7);
  const recent = moodDays.filter((d) => d.day > weekAgo).map((d) => d.mood);
  const before = moodDays.filter((d) => d.day <= weekAgo).map((d) => d.mood);
  if (recent.length < 2 || before.length < 2) return null;
  const diff = mean(recent) - mean(before);
  if (diff >= TREND_GAP)
    return {
      kind: 'mood_up',
      text: 'Эта неделя даётся вам легче прошлой — заметьте, что помогло, и опирайтесь на это.',
    };
  if (diff <= -TREND_GAP)
    return {
      kind: 'mood_down',
      text: 'Эта неделя тяжелее прошлой — будьте к себе бережны: короткая практика или разговор в чате могут поддержать.',
    };
  return null;
}

/** The insight for the day: one of those the data supports, taking turns by day, else a general thought. */
export function chooseInsight(data: InsightData): HomeSummary['insight'] {
  const found: Array<{ kind: InsightKind; text: string }> = [];
  const practice = bestPractice(data.ratings);
  if (practice) found.push({ kind: 'best_practice', text: practice });
  const weekday = lowestWeekday(data.moodDays);
  if (weekday) found.push({ kind: 'lowest_weekday', text: weekday });
  const moved = trend(data.today, data.moodDays);
  if (moved) found.push(moved);
  const n = dayNumber(data.today);
  if (found.length > 0) return found[n % found.length]!;
  return { kind: 'general', text: GENERAL_THOUGHTS[n % GENERAL_THOUGHTS.length]! };
}
