// The Russian details of POST /api/chat/transcribe's refusals (contract/voice-limits.ts says which carry a code).
import { VOICE_MAX_BYTES, VOICE_MAX_SECONDS } from '../../contract/voice-limits';

export const VOICE_ERRORS = {
  unconfigured: 'Голосовой ввод пока недоступен',
  notMultipart: 'Отправьте аудиозапись в теле multipart/form-data',
  badMultipart: 'Некорректное тело multipart/form-data',
  noFile: 'В запросе нет аудиозаписи',
  tooLarge: `Запись слишком большая: не больше ${VOICE_MAX_BYTES / 1024 / 1024} МБ`,
  tooManyParts: 'Слишком много частей в запросе: отправьте одну аудиозапись',
  unsupported: 'Неподдерживаемый формат аудио: подойдёт запись WebM, Ogg или MP4 (m4a)',
  unreadable: 'Не удалось прочитать аудиозапись: файл повреждён или в нём нет звуковой дорожки',
  empty: 'Запись пустая: в ней нет звука',
  tooLong: `Запись длиннее ${VOICE_MAX_SECONDS} секунд`,
  noSpeech: 'Не удалось распознать речь в записи — попробуйте записать ещё раз',
  notAvailable: 'Голосовой ввод недоступен на вашем тарифе',
  limitReached: 'Дневной лимит голосовых исчерпан. Лимит обновится завтра',
  busy: 'Эта запись ещё распознаётся — попробуйте через несколько секунд',
  otherRecording: 'Этот client_id уже использован для другой записи',
  unavailable: 'Распознавание речи сейчас недоступно — попробуйте отправить запись ещё раз чуть позже',
} as const;
