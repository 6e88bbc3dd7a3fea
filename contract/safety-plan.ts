// The safety plan API contract (/api/safety-plan): zod schemas validate requests and filter responses on the server;
// the client imports only the types (`import type`). The steps, the limits and the merge rule are in
// ./safety-plan-rules.ts, which the client may import.
import { z } from 'zod';
import { storableString, timestampSchema, unknownKeys } from './common';
import {
  SAFETY_PLAN_LIMITS as LIMITS,
  type PlanContact,
  type SafetyPlanContent,
  type SafetyPlanStep,
} from './safety-plan-rules';

export type { PlanContact, SafetyPlanContent, SafetyPlanStep };

/** A free-text field: a string without NUL characters, trimmed, at most `max` characters. */
const field = (what: string, max: number) =>
  storableString(`${what}: ожидается строка`)
    .trim()
    .max(max, { error: `${what} длиннее ${max} символов` });

/** A step of lines (the validation error names the field's path first: «Поле «plan.coping.0»: …»). */
const lines = (step: string) =>
  z
    .array(field(`Пункт шага «${step}»`, LIMITS.text), { error: `шаг «${step}»: ожидается список строк` })
    .max(LIMITS.items, { error: `в шаге «${step}» больше ${LIMITS.items} пунктов` })
    .default([]);

const contactSchema = z.strictObject(
  {
    name: field('Имя', LIMITS.name).default(''),
    phone: field('Телефон', LIMITS.phone).default(''),
    telegram: field('Telegram', LIMITS.telegram).default(''),
  },
  { error: unknownKeys },
);

const contacts = (step: string) =>
  z
    .array(contactSchema, { error: `шаг «${step}»: ожидается список контактов` })
    .max(LIMITS.items, { error: `в шаге «${step}» больше ${LIMITS.items} контактов` })
    .default([]);

/** The plan as a request carries it: every step optional (an empty list), every field limited. */
export const safetyPlanBodyContentSchema = z.strictObject(
  {
    warning_signs: lines('Тревожные сигналы'),
    coping: lines('Что помогает мне справиться'),
    distractions: lines('Люди и места, которые отвлекают'),
    helpers: contacts('Кого я могу попросить о помощи'),
    professionals: contacts('Специалисты и службы помощи'),
    safe_environment: lines('Как сделать обстановку безопаснее'),
    reasons: lines('Ради чего я живу'),
  },
  { error: unknownKeys },
);

/** PUT /api/safety-plan: the whole plan, and the revision of the plan the device last had from the server. */
export const safetyPlanSaveBodySchema = z.strictObject(
  {
    plan: safetyPlanBodyContentSchema,
    base_revision: z
      .number({ error: 'ожидается целое число' })
      .int({ error: 'ожидается целое число' })
      .min(0, { error: 'не может быть отрицательным' }),
  },
  { error: unknownKeys },
);
/** What the client sends: the whole plan (the schema also takes steps left out, as empty). */
export interface SafetyPlanSaveBody {
  plan: SafetyPlanContent;
  base_revision: number;
}
export type SafetyPlanSaveInput = z.output<typeof safetyPlanSaveBodySchema>;

const planContactOut = z.object({ name: z.string(), phone: z.string(), telegram: z.string() });
export const safetyPlanContentSchema = z.object({
  warning_signs: z.array(z.string()),
  coping: z.array(z.string()),
  distractions: z.array(z.string()),
  helpers: z.array(planContactOut),
  professionals: z.array(planContactOut),
  safe_environment: z.array(z.string()),
  reasons: z.array(z.string()),
});

/** GET /api/safety-plan: the user's plan (empty, revision 0, until first saved). */
export const safetyPlanSchema = z.object({
  plan: safetyPlanContentSchema,
  /** Counts the saves: a device sends the one it last had (base_revision). */
  revision: z.number().int(),
  updated_at: timestampSchema.nullable(),
});
export type SafetyPlan = z.infer<typeof safetyPlanSchema>;

/** PUT /api/safety-plan answers the plan as stored; `merged` when it is not exactly what was sent. */
export const safetyPlanSavedSchema = safetyPlanSchema.extend({
  /** The plan had changed elsewhere since base_revision: both versions were merged (mergePlans). */
  merged: z.boolean(),
});
export type SafetyPlanSaved = z.infer<typeof safetyPlanSavedSchema>;

// The schemas and the rules' type describe the same plan.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const _contentMatches: Same<z.output<typeof safetyPlanBodyContentSchema>, SafetyPlanContent> = true;
const _responseMatches: Same<z.output<typeof safetyPlanContentSchema>, SafetyPlanContent> = true;
const _bodyAccepted: [SafetyPlanSaveBody] extends [z.input<typeof safetyPlanSaveBodySchema>] ? true : never = true;
void _contentMatches;
void _responseMatches;
void _bodyAccepted;
