/** The mood check-in on home (one tap, free on every plan). «Записать» saves the note: the spec's button of the card. */
export const checkInCopy = {
  title: 'Настроение сегодня',
  hint: 'Одно касание — и настроение отмечено',
  marked: 'Настроение отмечено. Его можно изменить до конца дня',
  saving: 'Сохраняем…',
  pickerLabel: 'Как вы себя чувствуете сегодня?',
  addNote: 'Добавить заметку',
  editNote: 'Изменить заметку',
  noteLabel: 'Заметка',
  notePlaceholder: 'Что повлияло на настроение? (опционально)',
  counter: (n: number, max: number) => `${n}/${max}`,
  saveNote: 'Записать',
  savingNote: 'Сохранение...',
  cancel: 'Отмена',
  writeDiary: 'Написать в дневник',
} as const;
