// The safety plan's API calls, typed from contract/safety-plan.ts (types only: zod stays out of the bundle).
import type { SafetyPlan, SafetyPlanSaveBody, SafetyPlanSaved } from '../../contract/safety-plan';
import { api } from './client';

/** GET /api/safety-plan: the user's plan (empty, revision 0, before the first save). */
export function getSafetyPlan(): Promise<SafetyPlan> {
  return api.get('api/safety-plan').json<SafetyPlan>();
}

/** PUT /api/safety-plan: the whole plan with the revision it is based on; answers the plan as stored. */
export function saveSafetyPlan(body: SafetyPlanSaveBody): Promise<SafetyPlanSaved> {
  return api.put('api/safety-plan', { json: body }).json<SafetyPlanSaved>();
}
