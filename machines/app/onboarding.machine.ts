import { setup } from 'xstate';

/**
 * Onboarding: three slides (intro, features, trial). Skip on every slide; «Далее» moves on and the last
 * slide's button («Начать») finishes. Finishing or skipping runs `markCompleted` (the app sends ONBOARDING_COMPLETED
 * to the auth actor, which keeps the completion and stores onboarding_completed = "true") and `goHome` (the app
 * navigates to /app/home).
 */
export type OnboardingEvent = { type: 'NEXT' } | { type: 'SKIP' } | { type: 'FINISH' };

export const onboardingMachine = setup({
  types: {
    events: {} as OnboardingEvent,
  },
  actions: {
    markCompleted: () => {},
    goHome: () => {},
  },
}).createMachine({
  id: 'onboarding',
  description: 'Three onboarding slides shown once, before the first visit to home.',
  initial: 'intro',
  states: {
    intro: {
      description: 'Slide 1: an assistant for your state.',
      on: {
        NEXT: { target: 'features', description: '«Далее»' },
        SKIP: { target: 'completed', description: '«Пропустить»' },
      },
    },
    features: {
      description: 'Slide 2: dialogue by text or voice, practices, diary.',
      on: {
        NEXT: { target: 'trial', description: '«Далее»' },
        SKIP: { target: 'completed', description: '«Пропустить»' },
      },
    },
    trial: {
      description: 'Slide 3: 7 days of Premium free.',
      on: {
        FINISH: { target: 'completed', description: '«Начать»' },
        SKIP: { target: 'completed', description: '«Пропустить»' },
      },
    },
    completed: {
      description: 'Stored as done; the app goes to /app/home.',
      type: 'final',
      entry: ['markCompleted', 'goHome'],
    },
  },
});

/** The slide states in order (index 0..2), for the progress dots. */
export const onboardingSlides = ['intro', 'features', 'trial'] as const;
