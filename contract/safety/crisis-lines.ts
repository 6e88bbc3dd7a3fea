// The crisis lines as every place shows them — the chat's crisis reply and screening question, the model's system
// prompt, help, and the crisis help on the device (diary, practices, a chat message that never got its reply) —
// built from one list: the operator's file (crisis-lines-schema.ts), which the server serves and the device keeps.
// Pure and without zod, so the client runs the same words. Phone numbers stay tap-to-call links on the client.
import type { CrisisLine, CrisisLines } from './crisis-lines-schema';
import SHIPPED from './crisis-lines.ru.json';

export type { CrisisAudience, CrisisLine, CrisisLines } from './crisis-lines-schema';

/**
 * The Russian list shipped with the app: the server's default file, and what the device shows before it ever
 * received the server's list (a first start without a network).
 */
export const SHIPPED_CRISIS_LINES = SHIPPED as CrisisLines;

/** A number as a tel: link: its digits, with the + of an international one. */
export const telHref = (number: string) =>
  `tel:${number.trim().startsWith('+') ? '+' : ''}${number.replace(/\D/g, '')}`;

/** '051 (с мобильного +7 495 051)': the main number, then each other one in brackets with its note. */
export function phonesText(line: Pick<CrisisLine, 'phones'>): string {
  const [first, ...others] = line.phones;
  return [first!.number, ...others.map((p) => `(${p.note ? `${p.note} ` : ''}${p.number})`)].join(' ');
}

/** One line of the block: '• в Москве — 051 (с мобильного +7 495 051), бесплатно и круглосуточно'. */
export const lineText = (line: CrisisLine) =>
  `• ${line.label} — ${phonesText(line)}${line.details ? `, ${line.details}` : ''}`;

/** The whole block: the intro, then every line (the crisis reply, help, the system prompt, the device's help). */
export function crisisLinesText(list: CrisisLines): string {
  const lines = list.lines.map(lineText);
  return [list.intro, ...lines.map((l, i) => `${l}${i === lines.length - 1 ? '.' : ';'}`)].join('\n');
}

/** The lines for one line of text (under the screening question, in a check-in): adults and everyone, never the children's. */
export const briefLines = (list: CrisisLines) => list.lines.filter((l) => l.brief && l.audience !== 'children');

/** 'Если захочется поговорить с живым человеком: в Москве — 051 (…); если есть угроза жизни — 112.' */
export function briefLinesText(list: CrisisLines): string {
  return `${list.briefIntro} ${briefLines(list)
    .map((l) => `${l.label} — ${phonesText(l)}`)
    .join('; ')}.`;
}

/** A list read back from the device's storage has the shape the renderers need (the server validated it once). */
export function isCrisisLines(value: unknown): value is CrisisLines {
  const v = value as CrisisLines | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.intro === 'string' &&
    typeof v.briefIntro === 'string' &&
    Array.isArray(v.lines) &&
    v.lines.length > 0 &&
    v.lines.every(
      (l) =>
        typeof l?.label === 'string' &&
        typeof l.brief === 'boolean' &&
        typeof l.audience === 'string' &&
        Array.isArray(l.phones) &&
        l.phones.length > 0 &&
        l.phones.every((p) => typeof p?.number === 'string'),
    )
  );
}
