// Safety plan queries. One row per user, found by the owner's id only: no request can name anyone else's plan.
import { eq } from 'drizzle-orm';
import { emptyPlan, type SafetyPlanContent } from '../../contract/safety-plan-rules';
import type { Executor, Tx } from '../db';
import { safetyPlans } from '../db/schema';

export type PlanRow = typeof safetyPlans.$inferSelect;

export async function readPlan(db: Executor, userId: number): Promise<PlanRow | null> {
  const [row] = await db.select().from(safetyPlans).where(eq(safetyPlans.userId, userId));
  return row ?? null;
}

/**
 * The user's row, made (empty, revision 0) when missing, locked until the transaction ends: two saves of one user
 * — two devices, a retry — run one after the other, each seeing the revision the other wrote.
 */
export async function lockPlan(tx: Tx, userId: number): Promise<PlanRow> {
  await tx.insert(safetyPlans).values({ userId, plan: emptyPlan(), revision: 0 }).onConflictDoNothing();
  const [row] = await tx.select().from(safetyPlans).where(eq(safetyPlans.userId, userId)).for('update');
  return row!;
}

export async function writePlan(
  tx: Tx,
  userId: number,
  plan: SafetyPlanContent,
  revision: number,
  now: Date,
): Promise<PlanRow> {
  const [row] = await tx
    .update(safetyPlans)
    .set({ plan, revision, updatedAt: now })
    .where(eq(safetyPlans.userId, userId))
    .returning();
  return row!;
}
