// Help as two tables: the FAQ's answers open and close independently (in the order opened, while loading too);
// the support contact opens only when the server named one (none, or a failed load: the screen says how else to
// reach a person); back goes to the profile.
import type { AnyMachineSnapshot } from 'xstate';
import { helpMachine, helpView } from '../../machines/help/help.machine';
import { describeMachineTables, stateValue, type StateRow, type TransitionRow } from '../support/machine-tables';

const SUPPORT_URL = 'https://t.me/help_desk';
const IDS = ['storage', 'safety'] as const;
/** The answers open, in the order they were opened. */
const OPENS: string[][] = [[], ['storage'], ['safety'], ['storage', 'safety'], ['safety', 'storage']];
/** A second tap closes an answer; a first opens it after the others. */
const toggle = (open: string[], id: string) => (open.includes(id) ? open.filter((o) => o !== id) : [...open, id]);

// `ready link storage,safety`: the state, (ready) whether a support link came, the open answers in order.
const key = (s: AnyMachineSnapshot) =>
  [
    stateValue(s),
    s.matches('ready') ? (s.context.supportUrl === SUPPORT_URL ? 'link' : (s.context.supportUrl ?? 'none')) : null,
    s.context.open.join(','),
  ]
    .filter(Boolean)
    .join(' ');
const at = (place: string, open: string[]) => [place, open.join(',')].filter(Boolean).join(' ');

const BACK = { effects: [['navigate', { to: '/app/profile' }]] as [string, unknown][] };
const states: Record<string, StateRow> = {};
const transitions: Record<string, Record<string, string | TransitionRow>> = {};
for (const open of OPENS) {
  const toggles = (place: string) =>
    Object.fromEntries(
      IDS.map((id) => [`TOGGLE ${id}`, { to: at(place, toggle(open, id)), context: { open: toggle(open, id) } }]),
    );
  states[at('loading', open)] = {
    view: { status: 'loading', open, supportUrl: null },
    can: { TOGGLE: true, BACK: true, SUPPORT: false },
    running: ['loadSupport'],
  };
  states[at('ready link', open)] = {
    view: { status: 'ready', open, supportUrl: SUPPORT_URL },
    can: { TOGGLE: true, BACK: true, SUPPORT: true },
  };
  states[at('ready none', open)] = {
    view: { status: 'ready', open, supportUrl: null },
    can: { TOGGLE: true, BACK: true, SUPPORT: false },
  };
  transitions[at('loading', open)] = {
    ...toggles('loading'),
    BACK: { to: at('loading', open), ...BACK },
    'done.actor.loadSupport link': at('ready link', open),
    'done.actor.loadSupport none': at('ready none', open),
    // Without the link the screen says how else to write to us.
    'error.actor.loadSupport': at('ready none', open),
  };
  transitions[at('ready link', open)] = {
    ...toggles('ready link'),
    BACK: { to: at('ready link', open), ...BACK },
    SUPPORT: { to: at('ready link', open), effects: [['openSupport', { url: SUPPORT_URL }]] },
  };
  transitions[at('ready none', open)] = {
    ...toggles('ready none'),
    BACK: { to: at('ready none', open), ...BACK },
    // Nothing to open: ignored.
    SUPPORT: at('ready none', open),
  };
}

describeMachineTables(helpMachine, {
  view: helpView,
  events: {
    'xstate.done.actor.loadSupport': {
      link: { type: 'xstate.done.actor.loadSupport', output: { support_url: SUPPORT_URL } },
      none: { type: 'xstate.done.actor.loadSupport', output: { support_url: null } },
    },
    TOGGLE: Object.fromEntries(IDS.map((id) => [id, { type: 'TOGGLE', id }])),
  },
  key,
  states,
  transitions,
  counts: { paths: 56, transitions: 70 },
});
