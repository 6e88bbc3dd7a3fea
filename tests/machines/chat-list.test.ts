// The chat list as two tables: the first page (20 of 25, a single chat, none, a failure), the next page and its
// failure, deleting after a confirmation (cancelled, failed, done; an id not listed is ignored), a delete that ends
// while a page loads (the page is asked for again from the new offset) and deleting the last chat shown (the list
// loads again, then shows the empty state). Then by hand the sequences a graph cannot express.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate';
import type { ChatListResponse } from '../../contract/chat';
import { EMPTY_DRAFT } from '../../machines/chat/chat-draft';
import { chatListMachine, chatListView, type ChatListContext } from '../../machines/chat/chat-list.machine';
import { describeMachineTables, stateValue, type StateRow, type TransitionRow } from '../support/machine-tables';
import { chats, makeChat } from './chat-fixtures';

const firstPage: ChatListResponse = { total: 25, chats: chats(1, 20) };
const lastPage: ChatListResponse = { total: 25, chats: chats(21, 25) };
const single: ChatListResponse = { total: 1, chats: chats(1, 1) };

// ── The state key: the state, the chats shown (`c1..c20`), the server's total and the chat being deleted ──
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `c${from + i}`);
interface Facts {
  value: string;
  shown: string[];
  total: number;
  target: string | null;
}
const idsKey = (ids: string[]) => {
  const first = Number(ids[0]?.slice(1));
  const contiguous = ids.every((id, i) => id === `c${first + i}`);
  return ids.length > 1 && contiguous ? `${ids[0]}..${ids.at(-1)}` : ids.join(',') || '-';
};
const keyOf = (f: Facts) =>
  `${f.value} chats:${idsKey(f.shown)} total:${f.total}${f.target ? ` target:${f.target}` : ''}`;
const listKey = (s: AnyMachineSnapshot) => {
  const c = s.context as ChatListContext;
  return keyOf({ value: stateValue(s), shown: c.chats.map((chat) => chat.id), total: c.total, target: c.targetId });
};

// ── What the list shows and offers, by the spec's rules ──
const PAGING = /"paging":"(\w+)"/;
const DELETION = /"deletion":"(\w+)"/;
const region = (f: Facts, re: RegExp) => re.exec(f.value)?.[1] ?? null;
function shows(f: Facts) {
  const paging = region(f, PAGING);
  const deletion = region(f, DELETION);
  return {
    status: f.value.startsWith('ready') ? 'ready' : f.value,
    chats: f.shown.map((id) => makeChat(Number(id.slice(1)))),
    loadingMore: paging === 'loadingMore',
    moreFailed: paging === 'moreFailed',
    // The end-of-list trigger: more on the server than shown, and no page loading or failed.
    hasMore: paging === 'idle' && f.shown.length < f.total,
    confirmingId: deletion === 'confirming' ? f.target : null,
    deletingId: deletion === 'deleting' ? f.target : null,
    canDelete: deletion === 'idle',
  };
}
function offers(f: Facts): Record<string, boolean> {
  const paging = region(f, PAGING);
  const deletion = region(f, DELETION);
  return {
    LOAD_MORE: paging === 'idle' && f.shown.length < f.total,
    RETRY: f.value === 'error' || paging === 'moreFailed',
    'DELETE.REQUEST first': deletion === 'idle' && f.shown.includes('c1'),
    'DELETE.REQUEST other': false, // a chat not listed
    'DELETE.CONFIRM': deletion === 'confirming',
    'DELETE.CANCEL': deletion === 'confirming',
  };
}
const ready = (paging: string, deletion: string) => `ready.${JSON.stringify({ paging, deletion })}`;
const running = (f: Facts) =>
  [
    f.value === 'loading' && 'loadFirstPage',
    region(f, PAGING) === 'loadingMore' && 'loadNextPage',
    region(f, DELETION) === 'deleting' && 'deleteChat',
  ].filter((x): x is string => typeof x === 'string');

const states: Record<string, StateRow> = {};
const transitions: Record<string, Record<string, string | TransitionRow>> = {};
const row = (f: Facts) => {
  const key = keyOf(f);
  states[key] ??= { view: shows(f), can: offers(f), running: running(f) };
  return key;
};
const on = (from: Facts, event: string, to: Facts, step: Omit<TransitionRow, 'to'> = {}) => {
  const entry = (transitions[row(from)] ??= {});
  if (entry[event]) throw new Error(`written twice: ${keyOf(from)} | ${event}`);
  entry[event] = { to: row(to), ...step };
};
const firstLoad = { id: 'loadFirstPage', src: 'loadPage', input: { skip: 0, limit: 20 } };
const nextLoad = (skip: number) => ({ id: 'loadNextPage', src: 'loadPage', input: { skip, limit: 20 } });
const deleteOf = (id: string) => ({ id: 'deleteChat', src: 'deleteChat', input: { id } });
/** A deleted chat's draft on the device goes with it; the toast says it is deleted. */
const deleted = (id: string) =>
  [
    ['saveDraft', { chatKey: id, draft: EMPTY_DRAFT }],
    ['toast', { key: 'chatDeleted' }],
  ] as TransitionRow['effects'];

const L: Facts = { value: 'loading', shown: [], total: 0, target: null };
const ERR: Facts = { ...L, value: 'error' };
const EMPTY: Facts = { ...L, value: 'empty' };
const R25: Facts = { value: ready('idle', 'idle'), shown: range(1, 20), total: 25, target: null };
const R1: Facts = { ...R25, shown: ['c1'], total: 1 };
on(L, 'done.actor.loadFirstPage page', R25);
on(L, 'done.actor.loadFirstPage single', R1);
on(L, 'done.actor.loadFirstPage none', EMPTY);
on(L, 'error.actor.loadFirstPage', ERR);
on(ERR, 'RETRY', L, { invokes: [firstLoad] });

// Paging: the next 20 from the chats shown; all 25 shown → nothing more; a failed page and its retry.
const LM: Facts = { ...R25, value: ready('loadingMore', 'idle') };
const MF: Facts = { ...R25, value: ready('moreFailed', 'idle') };
const ALL: Facts = { ...R25, shown: range(1, 25) };
on(R25, 'LOAD_MORE', LM, { invokes: [nextLoad(20)] });
on(LM, 'done.actor.loadNextPage rest', ALL);
// The list shifted by one since the first page (a chat moved up): c20 comes again and is not shown twice.
on(LM, 'done.actor.loadNextPage shifted', ALL);
on(ALL, 'LOAD_MORE', ALL); // everything shown: ignored
on(LM, 'error.actor.loadNextPage', MF);
on(MF, 'RETRY', LM, { invokes: [nextLoad(20)] });

// Deleting: confirmed or cancelled; done or failed; a chat not listed is ignored.
const CONF: Facts = { ...R25, value: ready('idle', 'confirming'), target: 'c1' };
const DEL: Facts = { ...CONF, value: ready('idle', 'deleting') };
const R24: Facts = { ...R25, shown: range(2, 20), total: 24 };
on(R25, 'DELETE.REQUEST other', R25);
on(R25, 'DELETE.REQUEST first', CONF);
on(CONF, 'DELETE.CANCEL', R25);
on(CONF, 'DELETE.CONFIRM', DEL, { invokes: [deleteOf('c1')] });
on(DEL, 'done.actor.deleteChat', R24, { effects: deleted('c1') });
on(DEL, 'error.actor.deleteChat', R25, { effects: [['toast', { key: 'deleteFailed' }]] });
on(R24, 'DELETE.REQUEST first', R24); // c1 is gone: ignored

// A delete ending while the next page loads: the page is asked for again, after the 19 chats left.
const DEL_LM: Facts = { ...DEL, value: ready('loadingMore', 'deleting') };
const R24_LM: Facts = { ...R24, value: ready('loadingMore', 'idle') };
on(DEL, 'LOAD_MORE', DEL_LM, { invokes: [nextLoad(20)] });
on(DEL_LM, 'done.actor.deleteChat', R24_LM, { effects: deleted('c1'), invokes: [nextLoad(19)] });
on(R24_LM, 'done.actor.loadNextPage rest', { ...R24, shown: range(2, 25) });

// The last chat shown deleted: the list loads again (the chat still shows meanwhile), and is empty.
const CONF1: Facts = { ...R1, value: ready('idle', 'confirming'), target: 'c1' };
const DEL1: Facts = { ...CONF1, value: ready('idle', 'deleting') };
const RELOAD: Facts = { ...L, shown: ['c1'], total: 1 };
on(R1, 'DELETE.REQUEST first', CONF1);
on(CONF1, 'DELETE.CONFIRM', DEL1, { invokes: [deleteOf('c1')] });
on(DEL1, 'done.actor.deleteChat', RELOAD, { effects: deleted('c1'), invokes: [firstLoad] });
on(RELOAD, 'done.actor.loadFirstPage none', EMPTY);

/** The event's key in the tables (its type without `xstate.`, and the label of its payload). */
function eventKey(e: { type: string; id?: unknown; output?: unknown }) {
  const type = e.type.replace(/^xstate\./, '');
  const label =
    e.type === 'DELETE.REQUEST'
      ? e.id === 'c1'
        ? 'first'
        : 'other'
      : e.type === 'xstate.done.actor.loadFirstPage'
        ? e.output === firstPage
          ? 'page'
          : e.output === single
            ? 'single'
            : 'none'
        : e.type === 'xstate.done.actor.loadNextPage'
          ? (e.output as ChatListResponse).chats[0]?.id === 'c20'
            ? 'shifted'
            : 'rest'
          : null;
  return label ? `${type} ${label}` : type;
}

describeMachineTables(chatListMachine, {
  view: chatListView,
  key: listKey,
  events: {
    'xstate.done.actor.loadFirstPage': {
      page: { type: 'xstate.done.actor.loadFirstPage', output: firstPage },
      single: { type: 'xstate.done.actor.loadFirstPage', output: single },
      none: { type: 'xstate.done.actor.loadFirstPage', output: { total: 0, chats: [] } },
    },
    // What the server lists after the chats shown: c21…c25, with the total as it is now.
    'xstate.done.actor.loadNextPage': (s) => ({
      rest: {
        type: 'xstate.done.actor.loadNextPage',
        output: { total: (s.context as ChatListContext).total, chats: lastPage.chats },
      },
      shifted: {
        type: 'xstate.done.actor.loadNextPage',
        output: { total: (s.context as ChatListContext).total, chats: chats(20, 25) },
      },
    }),
    'DELETE.REQUEST': {
      first: { type: 'DELETE.REQUEST', id: 'c1' },
      other: { type: 'DELETE.REQUEST', id: 'not-listed' },
    },
  },
  // The graph proposes only the transitions written above (decision 0251).
  filterEvents: (s, e) => transitions[listKey(s)]?.[eventKey(e)] !== undefined,
  states,
  transitions,
  counts: { paths: 11, transitions: 25 },
});

describe('chat list machine: sequences', () => {
  it('pages of 20: LOAD_MORE is ignored while a page loads and once everything is loaded', async () => {
    const calls: Array<{ skip: number; limit: number }> = [];
    const machine = chatListMachine.provide({
      actors: {
        loadPage: fromPromise<ChatListResponse, { skip: number; limit: number }>(async ({ input }) => {
          calls.push(input);
          return input.skip === 0 ? firstPage : lastPage;
        }),
      },
    });
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches({ ready: { paging: 'idle' } }));
    actor.send({ type: 'LOAD_MORE' });
    actor.send({ type: 'LOAD_MORE' });
    await waitFor(actor, (s) => s.matches({ ready: { paging: 'idle' } }));
    actor.send({ type: 'LOAD_MORE' });
    expect(calls).toEqual([
      { skip: 0, limit: 20 },
      { skip: 20, limit: 20 },
    ]);
    expect(actor.getSnapshot().context.chats).toHaveLength(25);
  });

  it('a delete confirmed while a page loads asks for that page again from the new offset', async () => {
    const server = chats(1, 25);
    const calls: number[] = [];
    let releaseDelete!: () => void;
    let releasePage: Array<() => void> = [];
    const machine = chatListMachine.provide({
      actors: {
        loadPage: fromPromise<ChatListResponse, { skip: number; limit: number }>(({ input }) => {
          calls.push(input.skip);
          const answer = () => ({ chats: server.slice(input.skip, input.skip + input.limit), total: server.length });
          if (input.skip === 0) return Promise.resolve(answer());
          return new Promise((resolve) => releasePage.push(() => resolve(answer())));
        }),
        deleteChat: fromPromise<void, { id: string }>(
          ({ input }) =>
            new Promise((resolve) => {
              releaseDelete = () => {
                server.splice(
                  server.findIndex((c) => c.id === input.id),
                  1,
                );
                resolve();
              };
            }),
        ),
      },
    });
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches({ ready: { paging: 'idle' } }));
    actor.send({ type: 'DELETE.REQUEST', id: 'c3' });
    actor.send({ type: 'DELETE.CONFIRM' });
    actor.send({ type: 'LOAD_MORE' });
    releaseDelete();
    await waitFor(actor, (s) => s.matches({ ready: { deletion: 'idle' } }));
    // The first request (skip 20, counted before the delete) is dropped; the second asks from 19.
    releasePage.forEach((release) => release());
    releasePage = [];
    await waitFor(actor, (s) => s.matches({ ready: { paging: 'idle' } }) && s.context.chats.length === 24);
    expect(calls).toEqual([0, 20, 19]);
    expect(actor.getSnapshot().context.chats.map((c) => c.id)).toEqual(server.map((c) => c.id));
  });
});
