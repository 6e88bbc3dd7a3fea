// Onboarding as two tables: three slides (intro, features, trial); «Пропустить» on every slide, «Далее» moves on,
// the last slide's «Начать» finishes. Finishing or skipping stores completion and goes home, replacing /onboarding.
import { onboardingMachine, onboardingView } from '../../machines/app/onboarding.machine';
import { describeMachineTables, type TransitionRow } from '../support/machine-tables';

/** Completion is kept, then home replaces /onboarding in the history: back does not return to the slides. */
const completes: TransitionRow = {
  to: 'completed',
  effects: [['markCompleted'], ['navigate', { to: '/app/home', replace: true }]],
};

describeMachineTables(onboardingMachine, {
  view: onboardingView,
  states: {
    intro: { view: { slide: 0, isLast: false }, can: { NEXT: true, SKIP: true, FINISH: false } },
    features: { view: { slide: 1, isLast: false }, can: { NEXT: true, SKIP: true, FINISH: false } },
    // The button reads «Начать» and finishes.
    trial: { view: { slide: 2, isLast: true }, can: { NEXT: false, SKIP: true, FINISH: true } },
    completed: {
      view: { slide: null, isLast: false },
      can: { NEXT: false, SKIP: false, FINISH: false },
      status: 'done',
    },
  },
  transitions: {
    intro: { NEXT: 'features', SKIP: completes },
    features: { NEXT: 'trial', SKIP: completes },
    trial: { FINISH: completes, SKIP: completes },
  },
  counts: { paths: 4, transitions: 6 },
});
