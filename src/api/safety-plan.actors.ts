// The safety plan's calls as its machine names them, ready for useFlow (a module of its own, so screen tests that
// program src/api/safety-plan.ts with vi.mock still run these real actors over their fakes).
import { fromPromise } from 'xstate';
import type { SafetyPlan, SafetyPlanSaveBody, SafetyPlanSaved } from '../../contract/safety-plan';
import { getSafetyPlan, saveSafetyPlan } from './safety-plan';

export const safetyPlanActors = {
  loadPlan: fromPromise<SafetyPlan, void>(() => getSafetyPlan()),
  savePlan: fromPromise<SafetyPlanSaved, SafetyPlanSaveBody>(({ input }) => saveSafetyPlan(input)),
};
