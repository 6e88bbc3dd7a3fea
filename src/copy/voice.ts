// Voice input's words: the recorder's sheet and its errors (the recording errors verbatim from the spec).
import type { RecorderError } from '../../machines/voice/voice-recorder.machine';

export const voiceCopy = {
  title: 'Голосовое сообщение',
  /** The sheet's close button: it cancels the recording, nothing is sent. */
  cancel: 'Отменить запись',
  stopHint: 'Нажмите чтобы остановить',
  timer: 'Время записи',
  /** "of the most there may be", after the timer: «из 1:00». */
  of: 'из',
  opening: 'Подключаем микрофон…',
  processing: 'Распознаём речь…',
  retry: 'Записать снова',
  unsent: 'Не удалось распознать запись',
  unsentHint: 'Запись сохранена — отправьте её ещё раз, когда связь наладится.',
  resend: 'Отправить ещё раз',
  recordAnew: 'Записать заново',
  errors: {
    unsupported: 'Запись голоса не поддерживается в этом браузере',
    denied: 'Доступ к микрофону запрещен',
    notFound: 'Микрофон не найден',
    startFailed: 'Не удалось начать запись',
    recordingFailed: 'Ошибка записи аудио',
    empty: 'Не удалось записать аудио',
    unconfigured: 'Голосовой ввод пока недоступен',
    rejected: 'Не удалось распознать запись',
  } satisfies Record<RecorderError, string>,
  /** What to do about it, where there is something to do. */
  hints: {
    denied: 'Разрешите Telegram доступ к микрофону в настройках телефона и попробуйте снова.',
    notFound: 'Подключите микрофон и попробуйте снова.',
    startFailed: 'Возможно, микрофон занят другим приложением.',
  } satisfies Partial<Record<RecorderError, string>>,
} as const;
