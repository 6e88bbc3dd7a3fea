// Generated paths of help: the FAQ's answers open and close independently; the support contact opens only when the
// server named one; back goes to the profile.
import { beforeEach, expect } from 'vitest';
import { helpMachine, helpView } from '../../machines/help/help.machine';
import { describeMachinePaths } from '../support/path-tests';

const effects: Array<[string, unknown?]> = [];
const record = (name: string) => (_: unknown, params?: unknown) => void effects.push([name, params]);
beforeEach(() => {
  effects.length = 0;
});

describeMachinePaths(helpMachine, {
  provide: { actions: { navigate: record('navigate'), openSupport: record('openSupport') } },
  events: {
    'xstate.done.actor.loadSupport': [
      { type: 'xstate.done.actor.loadSupport', output: { support_url: 'https://t.me/help_desk' } },
      { type: 'xstate.done.actor.loadSupport', output: { support_url: null } },
    ],
    TOGGLE: [
      { type: 'TOGGLE', id: 'storage' },
      { type: 'TOGGLE', id: 'safety' },
    ],
  },
  serializeState: (s) => JSON.stringify([s.value, s.context.supportUrl, [...s.context.open].sort()]),
  assert: {
    '#help': (s) => {
      const view = helpView(s);
      expect(view.open).toEqual(s.context.open);
      expect(new Set(view.open).size).toBe(view.open.length); // a second toggle closes, never duplicates
      for (const [name, params] of effects) {
        if (name === 'navigate') expect(params).toEqual({ to: '/app/profile' });
        if (name === 'openSupport') expect(params).toEqual({ url: 'https://t.me/help_desk' });
      }
    },
    loading: (s, run) => {
      expect(run.invocations.at(-1)).toMatchObject({ id: 'loadSupport' });
      expect(helpView(s).status).toBe('loading');
      expect(s.can({ type: 'SUPPORT' })).toBe(false);
    },
    ready: (s) => {
      expect(helpView(s).status).toBe('ready');
      // Without a link there is nothing to open (the screen says how else to reach a person).
      expect(s.can({ type: 'SUPPORT' })).toBe(s.context.supportUrl !== null);
    },
  },
});
