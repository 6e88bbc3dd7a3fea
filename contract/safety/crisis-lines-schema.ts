// The crisis lines are operator data, not code: a JSON file (CRISIS_LINES_FILE; by default the Russian list shipped
// beside this file, crisis-lines.ru.json) that the server validates with this schema at start — an invalid file
// stops the start with a message naming the field — and serves at GET /api/safety/lines. A deployment elsewhere
// ships its own file. The words every place builds from the list are in crisis-lines.ts (no zod: the client runs it).
import { z } from 'zod';

/**
 * Who a line is for. `children` is for children, teenagers and their parents: it is never offered to an adult as
 * «телефон доверия» — its label says whom it serves, and it is never the short line under the screening question.
 */
export const CRISIS_AUDIENCES = ['everyone', 'adults', 'children'] as const;

const phoneSchema = z.strictObject({
  /** As people dial and read it: '112', '8-800-2000-122', '+7 495 051'. */
  number: z.string().regex(/^\+?\d[\d ()-]{1,22}\d$/, { error: 'номер: цифры, пробелы, скобки, дефисы и + в начале' }),
  /** When this number is the one to dial, shown in brackets after the first: 'с мобильного'. */
  note: z.string().min(1).max(40).optional(),
});

const sourceSchema = z.strictObject({
  /** A public page that states the number. */
  url: z.url({ protocol: /^https?$/ }),
  /** When it was checked there (YYYY-MM-DD). */
  checked: z.iso.date(),
});

export const crisisLineSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/, { error: 'id: латинские буквы, цифры и дефис' }),
  audience: z.enum(CRISIS_AUDIENCES),
  /** Who or when, leading the line: 'если есть угроза жизни', 'в Москве'. */
  label: z.string().min(1).max(140),
  /** The first is the main number; the others follow in brackets with their note. */
  phones: z.array(phoneSchema).min(1).max(4),
  /** After the numbers: 'бесплатно и анонимно'. */
  details: z.string().min(1).max(160).optional(),
  /** Named in the one line under the screening question (not for a `children` line). */
  brief: z.boolean(),
  sources: z.array(sourceSchema).min(1),
});

/** The list as GET /api/safety/lines answers it (the file's rules below are checked once, at start). */
export const crisisLinesResponseSchema = z
  .strictObject({
    /** The block's first line: 'Пожалуйста, поговорите с живым человеком прямо сейчас:'. */
    intro: z.string().min(1).max(200),
    /** Before the brief lines, in one line: 'Если захочется поговорить с живым человеком:'. */
    briefIntro: z.string().min(1).max(200),
    lines: z.array(crisisLineSchema).min(1).max(12),
  })
  .meta({ id: 'CrisisLines' });

/** The operator's file: the list, with ids unique, a short line to offer, and never the children's line in it. */
export const crisisLinesSchema = crisisLinesResponseSchema.superRefine(({ lines }, ctx) => {
  const ids = lines.map((l) => l.id);
  if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['lines'], message: 'id повторяется' });
  if (!lines.some((l) => l.brief))
    ctx.addIssue({ code: 'custom', path: ['lines'], message: 'хотя бы одна линия должна быть brief' });
  lines.forEach((l, i) => {
    if (l.brief && l.audience === 'children')
      ctx.addIssue({
        code: 'custom',
        path: ['lines', i, 'brief'],
        message: 'детская линия не предлагается взрослым в короткой строке',
      });
  });
});

export type CrisisLines = z.infer<typeof crisisLinesSchema>;
export type CrisisLine = z.infer<typeof crisisLineSchema>;
export type CrisisAudience = (typeof CRISIS_AUDIENCES)[number];
