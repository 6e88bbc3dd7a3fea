// The renewal on the profile's card as two tables: «Отменить автопродление» and «Возобновить», each answered (the
// subscription handed to the profile) or failing (the server's words, or none: the card says «Не удалось изменить
// автопродление»), and tried again from the failure with either button. Both buttons wait while a request is out.
import type { AnyMachineSnapshot } from 'xstate';
import type { Subscription } from '../../contract/billing';
import { renewalMachine, renewalView } from '../../machines/billing/renewal.machine';
import { describeMachineTables, stateValue } from '../support/machine-tables';
import type { CaseEvent } from '../support/path-tests';

const PAID_UNTIL = '2026-12-28T15:00:00.000Z';
const withRenewal = (autoRenew: boolean): Subscription => ({
  tier: 'PRO',
  expires_at: PAID_UNTIL,
  source: 'payment',
  renewal: { auto_renew: autoRenew, renews_at: PAID_UNTIL },
});
const cancelled = withRenewal(false);
const renewing = withRenewal(true);
const WORDS = 'Telegram не принял изменение автопродления, попробуйте ещё раз чуть позже';

// `failed words`: the state, and for a failure whether the server gave its words.
const key = (s: AnyMachineSnapshot) =>
  s.matches('failed') ? `failed ${s.context.detail === WORDS ? 'words' : (s.context.detail ?? 'none')}` : stateValue(s);

const both = { CANCEL: true, RESUME: true };
const waiting = { CANCEL: false, RESUME: false };
const request = (autoRenew: boolean, to: string) => ({
  to,
  invokes: [{ id: 'setRenewal', src: 'setRenewal', input: { autoRenew } }],
  // A new attempt forgets the last failure's words.
  context: { detail: null },
});
const retry = { CANCEL: request(false, 'cancelling'), RESUME: request(true, 'resuming') };
const answered = (subscription: Subscription) => ({
  to: 'idle',
  effects: [['renewalChanged', { subscription }]] as [string, unknown][],
});
const failures = {
  'error.actor.setRenewal words': 'failed words',
  'error.actor.setRenewal none': 'failed none',
  'error.actor.setRenewal offline': 'failed none',
  // A rejection with no reason at all: the card's own words, not a crash.
  'error.actor.setRenewal nothing': 'failed none',
};

describeMachineTables(renewalMachine, {
  view: renewalView,
  events: {
    // The server answers with the subscription as it now is.
    'xstate.done.actor.setRenewal': (s): Record<string, CaseEvent> =>
      s.matches('cancelling')
        ? { cancelled: { type: 'xstate.done.actor.setRenewal', output: cancelled } }
        : { renewing: { type: 'xstate.done.actor.setRenewal', output: renewing } },
    'xstate.error.actor.setRenewal': {
      words: { type: 'xstate.error.actor.setRenewal', error: { detail: WORDS } },
      none: { type: 'xstate.error.actor.setRenewal', error: { detail: null } },
      offline: { type: 'xstate.error.actor.setRenewal', error: new Error('offline') },
      nothing: { type: 'xstate.error.actor.setRenewal', error: undefined },
    },
  },
  key,
  states: {
    idle: { view: { saving: false, failed: false, detail: null }, can: both },
    cancelling: { view: { saving: true, failed: false, detail: null }, can: waiting, running: ['setRenewal'] },
    resuming: { view: { saving: true, failed: false, detail: null }, can: waiting, running: ['setRenewal'] },
    'failed words': { view: { saving: false, failed: true, detail: WORDS }, can: both },
    // detail null: the card says «Не удалось изменить автопродление».
    'failed none': { view: { saving: false, failed: true, detail: null }, can: both },
  },
  transitions: {
    idle: retry,
    cancelling: { 'done.actor.setRenewal cancelled': answered(cancelled), ...failures },
    resuming: { 'done.actor.setRenewal renewing': answered(renewing), ...failures },
    'failed words': retry,
    'failed none': retry,
  },
  counts: { paths: 12, transitions: 16 },
});
