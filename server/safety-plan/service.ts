// The safety plan's rules: a user without a plan has an empty one (revision 0); a save replaces the plan when the
// device had the latest revision, and otherwise merges the two versions (contract/safety-plan-rules.ts `mergePlans`)
// so that a device that kept edits offline, or a second device, never overwrites what was written elsewhere.
// Free on every plan: no quota, no 402.
import type { SafetyPlan, SafetyPlanSaved, SafetyPlanSaveInput } from '../../contract/safety-plan';
import { emptyPlan, mergePlans, planForServer, samePlan } from '../../contract/safety-plan-rules';
import type { Db } from '../db';
import { lockPlan, readPlan, writePlan, type PlanRow } from './repository';

function toDto(row: PlanRow): SafetyPlan {
  return { plan: row.plan, revision: row.revision, updated_at: row.updatedAt.toISOString() };
}

export async function getSafetyPlan(db: Db, userId: number): Promise<SafetyPlan> {
  const row = await readPlan(db, userId);
  return row ? toDto(row) : { plan: emptyPlan(), revision: 0, updated_at: null };
}

export async function saveSafetyPlan(
  db: Db,
  userId: number,
  { plan, base_revision }: SafetyPlanSaveInput,
  now = new Date(),
): Promise<SafetyPlanSaved> {
  const sent = planForServer(plan);
  return db.transaction(async (tx) => {
    const current = await lockPlan(tx, userId);
    // The stored plan first, then what the device adds: its lines keep their places on every device.
    const next = base_revision === current.revision ? sent : mergePlans(current.plan, sent);
    const row = await writePlan(tx, userId, next, current.revision + 1, now);
    return { ...toDto(row), merged: !samePlan(next, sent) };
  });
}
