// The edits a person makes to their safety plan, as pure functions: the machine applies one per CHANGE event. Text
// is kept as typed (cut to its limit, NUL removed) and trimmed only when sent (planForServer), so a space typed at
// the end of a line stays while the line is being written.
import {
  SAFETY_PLAN_LIMITS,
  isContactStep,
  type ContactStep,
  type ListStep,
  type PlanContact,
  type SafetyPlanContent,
  type SafetyPlanStep,
} from '../../contract/safety-plan-rules';
import { cleanText } from '../clean-text';

export type PlanEdit =
  /** A new line: empty to be typed in, or an example tapped. */
  | { kind: 'addLine'; step: ListStep; text?: string }
  | { kind: 'changeLine'; step: ListStep; index: number; text: string }
  | { kind: 'removeLine'; step: ListStep; index: number }
  | { kind: 'addContact'; step: ContactStep }
  | { kind: 'changeContact'; step: ContactStep; index: number; field: keyof PlanContact; value: string }
  | { kind: 'removeContact'; step: ContactStep; index: number };

const CONTACT_FIELD_MAX: Record<keyof PlanContact, number> = {
  name: SAFETY_PLAN_LIMITS.name,
  phone: SAFETY_PLAN_LIMITS.phone,
  telegram: SAFETY_PLAN_LIMITS.telegram,
};

/** Whether the step can take one more line or contact. */
export const hasRoom = (plan: SafetyPlanContent, step: SafetyPlanStep) => plan[step].length < SAFETY_PLAN_LIMITS.items;

/** An example is offered while the step does not have it (as typed or cleaned of spacing and case). */
export function hasLine(plan: SafetyPlanContent, step: ListStep, text: string): boolean {
  const key = text.trim().toLocaleLowerCase('ru');
  return plan[step].some((line) => line.trim().toLocaleLowerCase('ru') === key);
}

const replaceAt = <T>(list: T[], index: number, item: T) => list.map((old, i) => (i === index ? item : old));
const removeAt = <T>(list: T[], index: number) => list.filter((_, i) => i !== index);
const inRange = (list: unknown[], index: number) => Number.isInteger(index) && index >= 0 && index < list.length;

/** The plan after `edit`; the very same object when the edit changes nothing (no room, no such line, same text). */
export function applyEdit(plan: SafetyPlanContent, edit: PlanEdit): SafetyPlanContent {
  const { step } = edit;
  if (isContactStep(step) !== edit.kind.endsWith('Contact')) return plan;
  switch (edit.kind) {
    case 'addLine': {
      const text = cleanText(edit.text ?? '', SAFETY_PLAN_LIMITS.text);
      if (!hasRoom(plan, edit.step) || (text && hasLine(plan, edit.step, text))) return plan;
      return { ...plan, [edit.step]: [...plan[edit.step], text] };
    }
    case 'changeLine': {
      const lines = plan[edit.step];
      const text = cleanText(edit.text, SAFETY_PLAN_LIMITS.text);
      if (!inRange(lines, edit.index) || lines[edit.index] === text) return plan;
      return { ...plan, [edit.step]: replaceAt(lines, edit.index, text) };
    }
    case 'removeLine':
      if (!inRange(plan[edit.step], edit.index)) return plan;
      return { ...plan, [edit.step]: removeAt(plan[edit.step], edit.index) };
    case 'addContact':
      if (!hasRoom(plan, edit.step)) return plan;
      return { ...plan, [edit.step]: [...plan[edit.step], { name: '', phone: '', telegram: '' }] };
    case 'changeContact': {
      const contacts = plan[edit.step];
      const value = cleanText(edit.value, CONTACT_FIELD_MAX[edit.field]);
      if (!inRange(contacts, edit.index) || contacts[edit.index]![edit.field] === value) return plan;
      return {
        ...plan,
        [edit.step]: replaceAt(contacts, edit.index, { ...contacts[edit.index]!, [edit.field]: value }),
      };
    }
    case 'removeContact':
      if (!inRange(plan[edit.step], edit.index)) return plan;
      return { ...plan, [edit.step]: removeAt(plan[edit.step], edit.index) };
  }
}
