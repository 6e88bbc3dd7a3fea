// Onboarding statechart: every way through the three slides; finishing or skipping stores completion and goes home.
import { expect } from 'vitest';
import { onboardingMachine, onboardingView } from '../../machines/app/onboarding.machine';
import { describeMachinePaths } from '../support/path-tests';

let calls: unknown[] = [];

describeMachinePaths(onboardingMachine, {
  // Fresh spies for every path: each run must mark completion and go home exactly once, in that order.
  provide: () => {
    calls = [];
    return {
      actions: {
        markCompleted: () => void calls.push('markCompleted'),
        navigate: (_: unknown, params: unknown) => void calls.push(['navigate', params]),
      },
    };
  },
  assert: {
    intro: (s) => {
      expect(calls).toEqual([]);
      expect(s.can({ type: 'FINISH' })).toBe(false);
      expect(onboardingView(s)).toEqual({ slide: 0, isLast: false });
    },
    features: (s) => {
      expect(calls).toEqual([]);
      expect(s.can({ type: 'FINISH' })).toBe(false);
      expect(onboardingView(s)).toEqual({ slide: 1, isLast: false });
    },
    trial: (s) => {
      expect(calls).toEqual([]);
      expect(s.can({ type: 'NEXT' })).toBe(false);
      expect(onboardingView(s)).toEqual({ slide: 2, isLast: true });
    },
    completed: (s) => {
      expect(s.status).toBe('done');
      // Home replaces /onboarding in the history: back does not return to the slides.
      expect(calls).toEqual(['markCompleted', ['navigate', { to: '/app/home', replace: true }]]);
      expect(onboardingView(s)).toEqual({ slide: null, isLast: false });
    },
  },
});
