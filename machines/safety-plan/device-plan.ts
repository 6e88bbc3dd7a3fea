// The copy of the plan a device keeps (so the plan opens without the server), read back without trust: storage may
// hold anything, and what is read back must always be sendable (planForServer keeps it within the server's
// limits once sent). The storage itself is the screen's (src/screens/safety-plan/devicePlanStorage.ts).
import {
  SAFETY_PLAN_LIMITS,
  SAFETY_PLAN_STEPS,
  emptyPlan,
  isContactStep,
  type PlanContact,
  type SafetyPlanContent,
} from '../../contract/safety-plan-rules';
import { cleanText } from '../clean-text';

export interface DevicePlan {
  plan: SafetyPlanContent;
  /** The server's revision this copy is based on (0: never saved there). */
  revision: number;
  /** Holds edits the server has not confirmed yet: sent when the plan next opens with the server reachable. */
  unsaved: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown, max: number) => (typeof v === 'string' ? cleanText(v, max) : '');

function parseContact(v: unknown): PlanContact | null {
  if (!isRecord(v)) return null;
  const { name, phone, telegram } = SAFETY_PLAN_LIMITS;
  return { name: text(v.name, name), phone: text(v.phone, phone), telegram: text(v.telegram, telegram) };
}

function parsePlan(v: unknown): SafetyPlanContent {
  const plan = emptyPlan();
  if (!isRecord(v)) return plan;
  for (const step of SAFETY_PLAN_STEPS) {
    const items = Array.isArray(v[step]) ? (v[step] as unknown[]).slice(0, SAFETY_PLAN_LIMITS.items) : [];
    if (isContactStep(step)) plan[step] = items.map(parseContact).filter((c): c is PlanContact => c !== null);
    else
      plan[step] = items
        .filter((line): line is string => typeof line === 'string')
        .map((line) => cleanText(line, SAFETY_PLAN_LIMITS.text));
  }
  return plan;
}

/** The stored copy, or null when there is none (or it is not a plan at all). */
export function parseDevicePlan(raw: string | null): DevicePlan | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value) || !isRecord(value.plan)) return null;
  const revision =
    Number.isSafeInteger(value.revision) && (value.revision as number) >= 0 ? (value.revision as number) : 0;
  return { plan: parsePlan(value.plan), revision, unsaved: value.unsaved === true };
}
