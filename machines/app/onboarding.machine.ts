import { setup, type SnapshotFrom } from 'xstate';
import { stubAction, type NavigateParams } from '../effects';
import { paths } from '../paths';

/**
 * Onboarding: three slides (intro, features, trial). Skip on every slide; «Далее» moves on and the last
 * slide's button («Начать») finishes. Finishing or skipping runs `markCompleted` (the screen sends
 * ONBOARDING_COMPLETED to the auth actor, which keeps the completion and stores onboarding_completed = "true")
 * and goes home, replacing /onboarding in the history.
 */
export type OnboardingEvent = { type: 'NEXT' } | { type: 'SKIP' } | { type: 'FINISH' };

export const onboardingMachine = setup({
  types: {
    events: {} as OnboardingEvent,
  },
  actions: {
    markCompleted: stubAction(),
    navigate: stubAction<NavigateParams>(),
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
      entry: ['markCompleted', { type: 'navigate', params: { to: paths.home, replace: true } }],
    },
  },
});

/** The slide states in order (index 0..2), for the progress dots. */
export const onboardingSlides = ['intro', 'features', 'trial'] as const;

/** What the onboarding screen shows: the slide's index (null once completed) and whether it is the last one. */
export function onboardingView(snapshot: SnapshotFrom<typeof onboardingMachine>) {
  const index = onboardingSlides.findIndex((slide) => snapshot.matches(slide));
  return {
    slide: index < 0 ? null : index,
    /** The button reads «Начать» and finishes instead of «Далее». */
    isLast: snapshot.can({ type: 'FINISH' }),
  };
}
