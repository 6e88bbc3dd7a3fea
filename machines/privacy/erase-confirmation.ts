// «Удалить все мои данные» asks the user to type a word first: erasing cannot be undone, so it must not happen on a
// slip of the finger. The word, and the rule that accepts it (any letter case, spaces around ignored).
export const ERASE_WORD = 'УДАЛИТЬ';

export const confirmsErase = (typed: string) => typed.trim().toLocaleUpperCase('ru-RU') === ERASE_WORD;
