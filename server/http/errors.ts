// The one error type routes throw: server/http/error-handler.ts turns it into `{ detail }` with its status.
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export function httpError(status: number, detail: string): HttpError {
  return new HttpError(status, detail);
}

/** Russian details shared by several places (auth, generic failures). Domain messages live with their routes. */
export const DETAILS = {
  authMissing: 'Требуется авторизация через Telegram: откройте приложение из Telegram',
  authInvalid: 'Недействительные данные авторизации Telegram',
  authExpired: 'Срок действия данных авторизации истёк: перезапустите приложение',
  authFuture: 'Некорректная дата авторизации Telegram',
  authMalformed: 'Некорректные данные авторизации Telegram',
  badJson: 'Некорректный JSON в теле запроса',
  tooLarge: 'Слишком большой запрос',
  unsupportedMedia: 'Неподдерживаемый тип содержимого запроса',
  badRequest: 'Некорректный запрос',
  badUrl: 'Некорректный адрес запроса',
  urlTooLong: 'Слишком длинный адрес запроса',
  headersTooLarge: 'Слишком большие заголовки запроса',
  requestTimeout: 'Запрос не пришёл вовремя, попробуйте ещё раз',
  notFound: 'Не найдено',
  methodNotAllowed: 'Метод не поддерживается',
  rateLimited: 'Слишком много запросов, попробуйте чуть позже',
  authRateLimited: 'Слишком много неудачных попыток авторизации, попробуйте через минуту',
  unstorableValue: 'Некорректные данные в запросе: такое значение нельзя сохранить',
  dbUnavailable: 'Сервис временно недоступен, попробуйте позже',
  internal: 'Что-то пошло не так. Попробуйте, пожалуйста, позже',
} as const;
