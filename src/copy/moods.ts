// The five mood labels of a diary entry, shared by the home quick mood card and the diary.
import type { Mood } from '../../contract/diary';

export const moodLabels = {
  very_bad: 'Очень плохое',
  bad: 'Плохое',
  neutral: 'Нейтральное',
  good: 'Хорошее',
  very_good: 'Отличное',
} as const satisfies Record<Mood, string>;
