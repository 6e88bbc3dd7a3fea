// Onboarding statechart: every way through the three slides; finishing or skipping stores completion and goes home.
import { expect } from 'vitest';
import { onboardingMachine } from '../../machines/app/onboarding.machine';
import { describeMachinePaths } from '../support/path-tests';

let calls: string[] = [];

describeMachinePaths(onboardingMachine, {
  // Fresh spies for every path: each run must mark completion and go home exactly once, in that order.
  provide: () => {
    calls = [];
    return { actions: { markCompleted: () => void calls.push('markCompleted'), goHome: () => void calls.push('goHome') } };
  },
  assert: {
    intro: (s) => {
      expect(calls).toEqual([]);
      expect(s.can({ type: 'FINISH' })).toBe(false);
    },
    features: (s) => {
      expect(calls).toEqual([]);
      expect(s.can({ type: 'FINISH' })).toBe(false);
    },
    trial: (s) => {
      expect(calls).toEqual([]);
      expect(s.can({ type: 'NEXT' })).toBe(false);
    },
    completed: (s) => {
      expect(s.status).toBe('done');
      expect(calls).toEqual(['markCompleted', 'goHome']);
    },
  },
});
