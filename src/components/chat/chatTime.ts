// Times of the chat, in Russian: a message's hh:mm, and a chat card's last activity — hh:mm today, «Вчера»,
// «N дн. назад» within a week, else the day and the short month («5 мар.»). Days are calendar days, local time.
import { chatCopy } from '../../copy/chat';

const clock = new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit' });
const dayMonth = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'short' });

/** 09:05 */
export const formatClock = (iso: string) => clock.format(new Date(iso));

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();

export function chatTimeLabel(iso: string, now: Date): string {
  const at = new Date(iso);
  const days = Math.round((startOfDay(now) - startOfDay(at)) / 86_400_000);
  if (days <= 0) return clock.format(at);
  if (days === 1) return chatCopy.time.yesterday;
  if (days < 7) return chatCopy.time.daysAgo(days);
  return dayMonth.format(at);
}
