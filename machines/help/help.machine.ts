// Help (/app/profile/help): the FAQ accordion (any number of answers open) and the support contact — the server's
// SUPPORT_URL opened through Telegram, or, when there is none (or it could not be loaded), the words that say how
// else to reach a person (the bot's /paysupport).
import { assign, setup, type SnapshotFrom } from 'xstate';
import type { Support } from '../../contract/help';
import { stubAction, stubActor, type NavigateParams } from '../effects';
import { paths } from '../paths';
import { topState } from '../view-model';

export interface HelpContext {
  /** The FAQ items whose answers are open. */
  open: string[];
  supportUrl: string | null;
}

export const helpMachine = setup({
  types: {
    context: {} as HelpContext,
    events: {} as { type: 'TOGGLE'; id: string } | { type: 'SUPPORT' } | { type: 'BACK' },
  },
  actors: {
    loadSupport: stubActor<Support>(),
  },
  actions: {
    navigate: stubAction<NavigateParams>(),
    /** A t.me link inside Telegram; another https link in the browser Telegram opens. */
    openSupport: stubAction<{ url: string }>(),
  },
  guards: {
    hasSupportUrl: ({ context }) => context.supportUrl !== null,
  },
}).createMachine({
  id: 'help',
  description: 'FAQ and the support contact.',
  context: { open: [], supportUrl: null },
  initial: 'loading',
  on: {
    TOGGLE: {
      actions: assign({
        open: ({ context, event }) =>
          context.open.includes(event.id) ? context.open.filter((id) => id !== event.id) : [...context.open, event.id],
      }),
    },
    BACK: { actions: { type: 'navigate', params: { to: paths.profile } } },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadSupport',
        src: 'loadSupport',
        onDone: { target: 'ready', actions: assign({ supportUrl: ({ event }) => event.output.support_url }) },
        onError: { target: 'ready', description: 'Without the link the screen says how else to write to us.' },
      },
    },
    ready: {
      on: {
        SUPPORT: {
          guard: 'hasSupportUrl',
          actions: { type: 'openSupport', params: ({ context }) => ({ url: context.supportUrl! }) },
        },
      },
    },
  },
});

export function helpView(snapshot: SnapshotFrom<typeof helpMachine>) {
  return {
    status: topState<'loading' | 'ready'>(snapshot),
    open: snapshot.context.open,
    supportUrl: snapshot.context.supportUrl,
  };
}
