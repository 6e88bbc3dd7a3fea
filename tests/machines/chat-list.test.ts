// Generated paths of the chat list machine, plus the sequences a graph cannot express on its own.
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Chat, ChatListResponse } from '../../contract/chat';
import { EMPTY_DRAFT } from '../../machines/chat/chat-draft';
import { chatListMachine, chatListView } from '../../machines/chat/chat-list.machine';
import { describeMachinePaths } from '../support/path-tests';
import { chats } from './chat-fixtures';

// `total` first: the path names (and the graph's event keys) show the first 80 characters of a payload.
const firstPage: ChatListResponse = { total: 25, chats: chats(1, 20) };
const lastPage: ChatListResponse = { total: 25, chats: chats(21, 25) };
const single: ChatListResponse = { total: 1, chats: chats(1, 1) };

const effects: Array<[string, unknown]> = [];
beforeEach(() => {
  effects.length = 0;
});

describeMachinePaths(chatListMachine, {
  paths: 'shortest',
  // A paging state also listens for a delete's end; the graph may only offer it while a delete runs.
  filterEvents: (s, e) => e.type !== 'xstate.done.actor.deleteChat' || s.matches({ ready: { deletion: 'deleting' } }),
  provide: () => {
    effects.length = 0;
    return {
      actions: {
        toast: (_: unknown, params: unknown) => void effects.push(['toast', params]),
        saveDraft: (_: unknown, params: unknown) => void effects.push(['saveDraft', params]),
      },
    };
  },
  events: {
    // One delete per list (the graph would otherwise delete its way down chat by chat), and one id not listed.
    'DELETE.REQUEST': (s) =>
      s.context.total === 25 || s.context.total === 1
        ? [
            { type: 'DELETE.REQUEST', id: s.context.chats[0]?.id ?? 'c1' },
            { type: 'DELETE.REQUEST', id: 'not-listed' },
          ]
        : [],
    'xstate.done.actor.loadFirstPage': [
      { type: 'xstate.done.actor.loadFirstPage', output: firstPage },
      { type: 'xstate.done.actor.loadFirstPage', output: single },
      { type: 'xstate.done.actor.loadFirstPage', output: { total: 0, chats: [] } },
    ],
    // What the server lists after the loaded chats: c21…c25, whether c1 was deleted (skip 19) or not (skip 20).
    'xstate.done.actor.loadNextPage': (s) => [
      { type: 'xstate.done.actor.loadNextPage', output: { total: s.context.total, chats: chats(21, 25) } },
    ],
  },
  serializeState: (s) => JSON.stringify([s.value, s.context.chats.length, s.context.total, s.context.targetId]),
  assert: {
    loading: (s, run) => {
      expect(run.invocations.filter((i) => i.src === 'loadPage').at(-1)).toMatchObject({
        id: 'loadFirstPage',
        input: { skip: 0, limit: 20 },
      });
      expect(chatListView(s)).toMatchObject({
        status: 'loading',
        hasMore: false,
        confirmingId: null,
        deletingId: null,
      });
      // Back here after deleting the last chat shown: the delete was reported.
      const deleted = run.invocations.filter((i) => i.src === 'deleteChat').at(-1);
      if (deleted) {
        expect(effects.at(-1)).toEqual(['toast', { key: 'chatDeleted' }]);
        expect(effects).toContainEqual([
          'saveDraft',
          { chatKey: (deleted.input as { id: string }).id, draft: EMPTY_DRAFT },
        ]);
      }
    },
    empty: (s) => {
      expect(chatListView(s)).toMatchObject({ status: 'empty', chats: [], hasMore: false });
    },
    error: (s) => {
      expect(chatListView(s).status).toBe('error');
      expect(s.can({ type: 'RETRY' })).toBe(true);
    },
    ready: (s) => {
      const view = chatListView(s);
      expect(view.status).toBe('ready');
      expect(view.chats).toBe(s.context.chats);
      expect(new Set(s.context.chats.map((c: Chat) => c.id)).size).toBe(s.context.chats.length);
      const more = s.matches({ ready: { paging: 'idle' } }) && s.context.chats.length < s.context.total;
      expect(view.hasMore).toBe(more);
    },
    'ready.paging.loadingMore': (s, run) => {
      // The next page starts after the chats shown: a delete has already taken its chat off the server's list.
      expect(run.invocations.filter((i) => i.src === 'loadPage').at(-1)).toMatchObject({
        id: 'loadNextPage',
        input: { skip: s.context.chats.length, limit: 20 },
      });
      expect(chatListView(s)).toMatchObject({ loadingMore: true, moreFailed: false, hasMore: false });
    },
    'ready.paging.moreFailed': (s) => {
      expect(chatListView(s)).toMatchObject({ loadingMore: false, moreFailed: true, hasMore: false });
      expect(s.context.chats.length).toBeGreaterThan(0);
    },
    'ready.deletion.idle': (s, run) => {
      expect(chatListView(s)).toMatchObject({ confirmingId: null, deletingId: null, canDelete: true });
      // After a delete (and no reload since): the outcome was toasted, and a deleted chat is gone from the list.
      const lastDelete = run.invocations.findLastIndex((i) => i.src === 'deleteChat');
      const reloaded = run.invocations.findLastIndex((i) => i.id === 'loadFirstPage') > lastDelete;
      if (lastDelete < 0 || reloaded) return;
      const key = (effects.at(-1)?.[1] as { key: string }).key;
      expect(['chatDeleted', 'deleteFailed']).toContain(key);
      const deletedId = (run.invocations[lastDelete]!.input as { id: string }).id;
      expect(s.context.chats.some((c: Chat) => c.id === deletedId)).toBe(key === 'deleteFailed');
      // Its draft on the device goes with a deleted chat, and stays when the delete failed.
      expect(effects.filter(([name]) => name === 'saveDraft')).toEqual(
        key === 'chatDeleted' ? [['saveDraft', { chatKey: deletedId, draft: EMPTY_DRAFT }]] : [],
      );
      // The total follows (a failed delete leaves it); deleting the single chat reloads instead (see loading).
      if (key === 'chatDeleted') expect(s.context.total).toBe(24);
      else expect([1, 25]).toContain(s.context.total);
    },
    'ready.deletion.confirming': (s) => {
      expect(s.context.targetId).toBe(s.context.chats[0]!.id);
      expect(chatListView(s)).toMatchObject({
        confirmingId: s.context.chats[0]!.id,
        deletingId: null,
        canDelete: false,
      });
    },
    'ready.deletion.deleting': (s, run) => {
      expect(run.invocations.filter((i) => i.src === 'deleteChat').at(-1)).toMatchObject({
        input: { id: s.context.targetId },
      });
      expect(chatListView(s)).toMatchObject({ confirmingId: null, deletingId: s.context.targetId, canDelete: false });
    },
  },
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
