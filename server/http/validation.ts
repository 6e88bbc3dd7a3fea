// Turns request validation failures (zod issues via fastify-type-provider-zod) into one Russian sentence that
// names the field. Schemas may carry their own Russian message (any Cyrillic message is used as is).
import type { FastifySchemaValidationError } from 'fastify';

const PLACES: Record<string, string> = {
  body: 'в теле запроса',
  querystring: 'в параметрах запроса',
  params: 'в адресе',
  headers: 'в заголовках',
};

function fieldName(instancePath: string): string {
  return instancePath.replace(/^\//, '').replace(/\//g, '.');
}

function describeIssue(v: FastifySchemaValidationError): string {
  const params = (v.params ?? {}) as Record<string, unknown>;
  const field = fieldName(v.instancePath);
  const named = field ? `Поле «${field}»` : 'Значение';
  if (v.message && /[а-яё]/i.test(v.message)) return field ? `${named}: ${v.message}` : v.message;
  switch (v.keyword) {
    case 'unrecognized_keys': {
      const keys = Array.isArray(params.keys) ? (params.keys as string[]) : [];
      const where = field ? ` в «${field}»` : '';
      return keys.length === 1
        ? `Неизвестное поле «${keys[0]}»${where}`
        : `Неизвестные поля${where}: ${keys.map((k) => `«${k}»`).join(', ')}`;
    }
    case 'invalid_type':
      if (!field && params.expected === 'object') return 'Ожидается JSON-объект';
      if (/received undefined/.test(v.message ?? '')) return `${named} обязательно`;
      return `${named}: неверный тип, ожидается ${typeName(params.expected)}`;
    case 'too_big':
      return params.origin === 'string'
        ? `${named}: не длиннее ${String(params.maximum)} символов`
        : params.origin === 'array'
          ? `${named}: не больше ${String(params.maximum)} элементов`
          : `${named}: не больше ${String(params.maximum)}`;
    case 'too_small':
      return params.origin === 'string'
        ? Number(params.minimum) <= 1
          ? `${named} не может быть пустым`
          : `${named}: не короче ${String(params.minimum)} символов`
        : `${named}: не меньше ${String(params.minimum)}`;
    case 'invalid_value': {
      const values = Array.isArray(params.values) ? (params.values as unknown[]).map(String).join(', ') : '';
      return values ? `${named}: допустимые значения — ${values}` : `${named}: недопустимое значение`;
    }
    case 'invalid_format':
      return `${named}: неверный формат`;
    default:
      return `${named}: некорректное значение`;
  }
}

function typeName(expected: unknown): string {
  const names: Record<string, string> = {
    string: 'строка',
    number: 'число',
    int: 'целое число',
    boolean: 'true или false',
    object: 'объект',
    array: 'массив',
    null: 'null',
  };
  return typeof expected === 'string' ? (names[expected] ?? expected) : 'другой тип';
}

export function validationDetail(validation: FastifySchemaValidationError[], context?: string): string {
  const first = validation[0];
  if (!first) return 'Некорректный запрос';
  const place = context ? PLACES[context] : undefined;
  const sentence = describeIssue(first);
  return place && !/^(Неизвестн|Ожидается)/.test(sentence) ? `${sentence} (${place})` : sentence;
}
