// Generated paths of the new-entry form machine, plus its draft and prefill rules.
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { canSave, newEntryMachine } from '../../machines/diary/new-entry.machine';
import {
  initialForm,
  parseDraft,
  prefillKey,
  type NewEntryDraft,
} from '../../machines/diary/new-entry-draft';
import type { DiaryCreateBody, DiaryEntry } from '../../contract/diary';
import { describeMachinePaths } from '../support/path-tests';
import { makeEntry } from './diary-fixtures';

const effects: Array<[string, unknown?]> = [];
const record = (name: string) => (_: unknown, params?: unknown) => void effects.push([name, params]);
beforeEach(() => {
  effects.length = 0;
});

describeMachinePaths(newEntryMachine, {
  input: { prefill: { suggestedTitle: 'Из чата', sourceType: 'ai_suggestion', sourceId: 'chat-1' } },
  provide: {
    actions: { saveDraft: record('saveDraft'), clearDraft: record('clearDraft'), toast: record('toast'), navigate: record('navigate') },
  },
  events: {
    'TITLE.CHANGE': [{ type: 'TITLE.CHANGE', value: 'x'.repeat(150) }],
    'CONTENT.CHANGE': [
      { type: 'CONTENT.CHANGE', value: '   ' },
      { type: 'CONTENT.CHANGE', value: '  Сегодня было спокойно  ' },
    ],
    'MOOD.SELECT': [{ type: 'MOOD.SELECT', mood: 'good' }],
    'FAVORITE.SET': [{ type: 'FAVORITE.SET', value: true }],
    'xstate.done.actor.createEntry': [{ type: 'xstate.done.actor.createEntry', output: makeEntry(1) }],
  },
  serializeState: (s) =>
    JSON.stringify([s.value, s.context.content.trim() !== '', s.context.title.length, s.context.mood, s.context.isFavorite]),
  paths: 'shortest',
  assert: {
    editing: (s) => {
      expect(s.context.title.length).toBeLessThanOrEqual(100);
      expect(canSave(s)).toBe(s.context.content.trim() !== '');
      const last = effects.at(-1);
      if (last?.[0] === 'saveDraft') {
        // The draft saved on a change holds the context after that change.
        const { basis, ...form } = last[1] as NewEntryDraft;
        expect(form).toEqual({
          title: s.context.title,
          content: s.context.content,
          mood: s.context.mood,
          isFavorite: s.context.isFavorite,
          source: { source_type: 'ai_suggestion', source_id: 'chat-1' },
        });
        expect(basis).toBe(s.context.basis);
      }
    },
    submitting: (s, run) => {
      expect(canSave(s)).toBe(false);
      expect(s.can({ type: 'CONTENT.CHANGE', value: 'x' })).toBe(false);
      const body = run.invocations.at(-1)!.input as DiaryCreateBody;
      expect(body.content).toBe(s.context.content.trim());
      expect(body.source).toEqual({ source_type: 'ai_suggestion', source_id: 'chat-1' });
    },
    saved: () => {
      expect(effects.slice(-3)).toEqual([
        ['clearDraft', undefined],
        ['toast', { key: 'created' }],
        ['navigate', { to: '/app/diary' }],
      ]);
    },
  },
});

function run(createEntry: (body: DiaryCreateBody) => Promise<DiaryEntry>, input = {}) {
  const log: Array<[string, unknown?]> = [];
  const actor = createActor(
    newEntryMachine.provide({
      actors: { createEntry: fromPromise<DiaryEntry, DiaryCreateBody>(({ input }) => createEntry(input)) },
      actions: {
        saveDraft: (_, p) => void log.push(['saveDraft', p]),
        clearDraft: () => void log.push(['clearDraft']),
        toast: (_, p) => void log.push(['toast', p]),
        navigate: (_, p) => void log.push(['navigate', p]),
      },
    }),
    { input },
  ).start();
  return { actor, log };
}

describe('new entry machine: sequences', () => {
  it('a blank submit warns and stays; the save button is disabled', () => {
    const { actor, log } = run(async () => makeEntry(1));
    actor.send({ type: 'CONTENT.CHANGE', value: '  \n ' });
    expect(canSave(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(log.at(-1)).toEqual(['toast', { key: 'blankContent' }]);
  });

  it('a failed save keeps everything typed, keeps the draft, and toasts the failure', async () => {
    const { actor, log } = run(() => Promise.reject(new Error('503')));
    actor.send({ type: 'TITLE.CHANGE', value: 'Вечер' });
    actor.send({ type: 'CONTENT.CHANGE', value: 'Долгий день' });
    actor.send({ type: 'MOOD.SELECT', mood: 'bad' });
    actor.send({ type: 'FAVORITE.SET', value: true });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context).toMatchObject({ title: 'Вечер', content: 'Долгий день', mood: 'bad', isFavorite: true });
    expect(log.map(([n]) => n)).not.toContain('clearDraft');
    expect(log.at(-1)).toEqual(['toast', { key: 'createFailed' }]);
  });

  it('sends the trimmed body with null title when the title is blank', async () => {
    const bodies: DiaryCreateBody[] = [];
    const { actor } = run(async (b) => (bodies.push(b), makeEntry(1)), { prefill: { mood: 'very_good' } });
    actor.send({ type: 'TITLE.CHANGE', value: '   ' });
    actor.send({ type: 'CONTENT.CHANGE', value: ' строка 1\nстрока 2 ' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(bodies).toEqual([{ title: null, content: 'строка 1\nстрока 2', mood: 'very_good', is_favorite: false }]);
  });
});

describe('new entry draft rules', () => {
  const draft: NewEntryDraft = { title: 'Черновик', content: 'недописано', mood: null, isFavorite: false, source: null, basis: '' };

  it('restores a draft when there is no prefill', () => {
    expect(initialForm(undefined, draft).form.content).toBe('недописано');
  });
  it('restores a draft that grew from the same prefill (a reload keeps navigation state)', () => {
    const prefill = { suggestedContent: 'Совет', sourceType: 'ai_suggestion' as const, sourceId: 'c1' };
    const d = { ...draft, content: 'Совет, дополненный', basis: prefillKey(prefill) };
    expect(initialForm(prefill, d).form.content).toBe('Совет, дополненный');
  });
  it('a different prefill wins over an older draft', () => {
    const { form, basis } = initialForm({ suggestedContent: 'Новое', suggestedTitle: 'Т', mood: 'good' }, draft);
    expect(form).toMatchObject({ content: 'Новое', title: 'Т', mood: 'good', source: null });
    expect(basis).not.toBe('');
  });
  it('parses stored drafts defensively', () => {
    expect(parseDraft(null)).toBeNull();
    expect(parseDraft('{oops')).toBeNull();
    expect(parseDraft('{"content":1}')).toBeNull();
    expect(parseDraft(JSON.stringify({ ...draft, mood: 'awful', content: 'x'.repeat(3000) }))).toMatchObject({
      mood: null,
      content: 'x'.repeat(2000),
    });
  });
});
