// Entry dates as the spec shows them: 'dd MMMM yyyy, HH:mm' in Russian, or 'Только что' when unparsable.
import { format, isValid, parseISO } from 'date-fns';
import { ru } from 'date-fns/locale/ru';
import { diaryCopy } from '../../copy/diary';

export function formatEntryDate(iso: string | null | undefined): string {
  const date = iso ? parseISO(iso) : null;
  return date && isValid(date) ? format(date, 'dd MMMM yyyy, HH:mm', { locale: ru }) : diaryCopy.justNow;
}
