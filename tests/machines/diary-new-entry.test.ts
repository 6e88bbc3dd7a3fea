// Generated paths of the new-entry form machine, plus its draft, prefill and idempotency rules.
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { DiaryCreateBody, DiaryEntry } from '../../contract/diary';
import { newEntryMachine, newEntryView, type NewEntryInput } from '../../machines/diary/new-entry.machine';
import {
  basisOf,
  createBodyFromDraft,
  MAX_DRAFTS,
  parseDrafts,
  prefillFromNavigation,
  startingDraft,
  withDraft,
  withoutDraft,
  type NewEntryDraft,
  type StoredDraft,
} from '../../machines/diary/new-entry-draft';
import { describeMachinePaths } from '../support/path-tests';
import { makeEntry } from './diary-fixtures';

let idCounter = 0;
/** Valid, distinct client ids (the contract's UUID pattern). */
const newClientId = () => `00000000-0000-4000-8000-${String(++idCounter).padStart(12, '0')}`;
const ID_A = '11111111-1111-4111-8111-111111111111';

const suggestion = { suggestedTitle: 'Из чата', sourceType: 'ai_suggestion', sourceId: 'chat-1' } as const;
const refusal = (refusal: 'not_available' | 'limit_reached') => Object.assign(new Error('402'), { refusal });

const effects: Array<[string, unknown?]> = [];
const record = (name: string) => (_: unknown, params?: unknown) => void effects.push([name, params]);
beforeEach(() => {
  effects.length = 0;
});

const draft = (over: Partial<StoredDraft> = {}): StoredDraft => ({
  title: 'Черновик',
  content: 'недописано',
  mood: null,
  isFavorite: false,
  source: null,
  basis: '',
  clientId: ID_A,
  submitted: false,
  moodFrom: null,
  ...over,
});

/** What the machine's context holds as a draft (the opening facts and the id generator are not stored). */
function draftIn(context: Record<string, unknown>): NewEntryDraft {
  const { opening: _o, newClientId: _n, ...rest } = context;
  return rest as unknown as NewEntryDraft;
}

describeMachinePaths(newEntryMachine, {
  input: { prefill: suggestion, navigationKey: 'nav-1', newClientId } satisfies NewEntryInput,
  provide: {
    actions: {
      saveDraft: record('saveDraft'),
      clearDraft: record('clearDraft'),
      toast: record('toast'),
      navigate: record('navigate'),
      openUpgradeDialog: record('openUpgradeDialog'),
    },
  },
  events: {
    'TITLE.CHANGE': [{ type: 'TITLE.CHANGE', value: 'x'.repeat(150) }],
    'CONTENT.CHANGE': [
      { type: 'CONTENT.CHANGE', value: '   ' },
      { type: 'CONTENT.CHANGE', value: '  Сегодня было\u0000 спокойно  ' },
    ],
    'MOOD.SELECT': [{ type: 'MOOD.SELECT', mood: 'good' }],
    'FAVORITE.SET': [{ type: 'FAVORITE.SET', value: true }],
    'xstate.done.actor.restoreDrafts': [
      { type: 'xstate.done.actor.restoreDrafts', output: [] },
      {
        type: 'xstate.done.actor.restoreDrafts',
        output: [
          draft(),
          draft({
            basis: basisOf(suggestion),
            content: 'Дополненный совет',
            source: { source_type: 'ai_suggestion', source_id: 'chat-1' },
          }),
        ],
      },
    ],
    'xstate.done.actor.createEntry': [{ type: 'xstate.done.actor.createEntry', output: makeEntry(1) }],
    'xstate.error.actor.createEntry': [
      { type: 'xstate.error.actor.createEntry', error: new Error('503') },
      { type: 'xstate.error.actor.createEntry', error: refusal('limit_reached') },
    ],
  },
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.content.trim() !== '',
      s.context.title.length,
      s.context.mood,
      s.context.isFavorite,
      s.context.submitted,
    ]),
  paths: 'shortest',
  // BACK is a root transition, so the graph would also offer it to the final state.
  filterEvents: (s) => s.status === 'active',
  assert: {
    restoring: (s) => {
      expect(newEntryView(s).editable).toBe(false);
      expect(s.context.title).toBe('Из чата');
    },
    editing: (s) => {
      expect(newEntryView(s).editable).toBe(true);
      expect(s.context.title.length).toBeLessThanOrEqual(100);
      expect(s.context.content).not.toContain('\u0000');
      expect(newEntryView(s).canSave).toBe(s.context.content.trim() !== '');
      // The suggestion's own draft (never the plain one) is what the form shows and saves.
      expect(s.context.basis).toBe(basisOf(suggestion));
      expect(s.context.source).toEqual({ source_type: 'ai_suggestion', source_id: 'chat-1' });
      const last = effects.at(-1);
      if (last?.[0] === 'saveDraft') expect(last[1]).toEqual(draftIn(s.context));
      if (last?.[0] === 'openUpgradeDialog') expect(last[1]).toEqual({ key: 'diary_limit_reached' });
      if (last?.[0] === 'toast') expect(['blankContent', 'createFailed']).toContain((last[1] as { key: string }).key);
    },
    submitting: (s, run) => {
      expect(newEntryView(s).canSave).toBe(false);
      expect(newEntryView(s).editable).toBe(false);
      expect(s.can({ type: 'CONTENT.CHANGE', value: 'x' })).toBe(false);
      // The attempt is recorded in the draft before the request goes out.
      expect(effects.filter(([n]) => n === 'saveDraft').at(-1)).toEqual([
        'saveDraft',
        { ...draftIn(s.context), submitted: true },
      ]);
      const body = run.invocations.at(-1)!.input as DiaryCreateBody;
      expect(body.content).toBe(s.context.content.trim());
      expect(body.client_id).toBe(s.context.clientId);
      expect(body.source).toEqual({ source_type: 'ai_suggestion', source_id: 'chat-1' });
    },
    saved: (s) => {
      // The chat's diary card: back in that conversation, where the toast confirms the save.
      expect(effects.slice(-3)).toEqual([
        ['clearDraft', { basis: s.context.basis }],
        ['toast', { key: 'createdFromChat' }],
        ['navigate', { to: '/app/chat/chat-1', replace: true }],
      ]);
    },
  },
});

function run(
  createEntry: (body: DiaryCreateBody) => Promise<DiaryEntry>,
  input: Partial<NewEntryInput> = {},
  drafts: () => Promise<StoredDraft[]> = async () => [],
) {
  const log: Array<[string, unknown?]> = [];
  const bodies: DiaryCreateBody[] = [];
  const actor = createActor(
    newEntryMachine.provide({
      actors: {
        restoreDrafts: fromPromise(drafts),
        createEntry: fromPromise<DiaryEntry, DiaryCreateBody>(({ input }) => (bodies.push(input), createEntry(input))),
      },
      actions: {
        saveDraft: (_, p) => void log.push(['saveDraft', p]),
        clearDraft: (_, p) => void log.push(['clearDraft', p]),
        toast: (_, p) => void log.push(['toast', p]),
        navigate: (_, p) => void log.push(['navigate', p]),
        openUpgradeDialog: (_, p) => void log.push(['openUpgradeDialog', p]),
      },
    }),
    { input: { navigationKey: 'nav-1', newClientId, ...input } },
  ).start();
  const ready = () => waitFor(actor, (s) => s.matches('editing'));
  return { actor, log, bodies, ready };
}

describe('new entry machine: sequences', () => {
  it('words of suicide or self-harm in the title or the text bring the crisis lines; everyday phrases do not', async () => {
    const { actor, ready } = run(async () => makeEntry(1));
    await ready();
    const atRisk = () => newEntryView(actor.getSnapshot()).atRisk;
    actor.send({ type: 'CONTENT.CHANGE', value: 'Убиваю время до вечера, устала до смерти на работе.' });
    expect(atRisk()).toBe(false);
    actor.send({ type: 'CONTENT.CHANGE', value: 'Устала. Я больше не хочу жить.' });
    expect(atRisk()).toBe(true);
    expect(newEntryView(actor.getSnapshot()).canSave).toBe(true); // saving is never blocked
    actor.send({ type: 'CONTENT.CHANGE', value: 'Тяжёлый день.' });
    actor.send({ type: 'TITLE.CHANGE', value: 'Хочу покончить с собой' });
    expect(atRisk()).toBe(true);
  });

  it('a blank submit warns and stays; the save button is disabled', async () => {
    const { actor, log, ready } = run(async () => makeEntry(1));
    await ready();
    actor.send({ type: 'CONTENT.CHANGE', value: '  \n ' });
    expect(newEntryView(actor.getSnapshot()).canSave).toBe(false);
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(log.at(-1)).toEqual(['toast', { key: 'blankContent' }]);
  });

  it('restores the plain draft; a mood from home lands on top of it, and a reload keeps the user’s own mood', async () => {
    const stored = [draft({ content: 'Мой текст', moodFrom: 'nav-old' })];
    const first = run(
      async () => makeEntry(1),
      { prefill: { mood: 'good' }, navigationKey: 'nav-home' },
      async () => stored,
    );
    await first.ready();
    expect(first.actor.getSnapshot().context).toMatchObject({
      content: 'Мой текст',
      title: 'Черновик',
      mood: 'good',
      clientId: ID_A,
    });
    first.actor.send({ type: 'MOOD.SELECT', mood: 'bad' });
    const saved = first.log.at(-1)![1] as NewEntryDraft;
    expect(saved).toMatchObject({ mood: 'bad', moodFrom: 'nav-home', content: 'Мой текст' });
    // Reload: the same navigation (same key and state) with the draft just saved.
    const reload = run(
      async () => makeEntry(1),
      { prefill: { mood: 'good' }, navigationKey: 'nav-home' },
      async () => [saved],
    );
    await reload.ready();
    expect(reload.actor.getSnapshot().context).toMatchObject({ content: 'Мой текст', mood: 'bad' });
  });

  it('a chat suggestion opens its own draft and never overwrites the plain one', async () => {
    const { actor, log, ready } = run(
      async () => makeEntry(1),
      { prefill: suggestion },
      async () => [draft()],
    );
    await ready();
    expect(actor.getSnapshot().context).toMatchObject({ title: 'Из чата', content: '', basis: basisOf(suggestion) });
    expect(actor.getSnapshot().context.clientId).not.toBe(ID_A);
    actor.send({ type: 'CONTENT.CHANGE', value: 'ответ на совет' });
    expect((log.at(-1)![1] as NewEntryDraft).basis).toBe(basisOf(suggestion));
  });

  it('unreadable storage: the form starts from the prefill', async () => {
    const { actor, ready } = run(
      async () => makeEntry(1),
      { prefill: { suggestedContent: 'Совет' } },
      () => Promise.reject(new Error('denied')),
    );
    await ready();
    expect(actor.getSnapshot().context.content).toBe('Совет');
  });

  it('a failed save keeps everything typed and the draft; saving again sends the same client id', async () => {
    let fail = true;
    const { actor, log, bodies, ready } = run(async () => {
      if (fail) throw new Error('timeout');
      return makeEntry(1);
    });
    await ready();
    actor.send({ type: 'TITLE.CHANGE', value: 'Вечер' });
    actor.send({ type: 'CONTENT.CHANGE', value: 'Долгий день' });
    actor.send({ type: 'MOOD.SELECT', mood: 'bad' });
    actor.send({ type: 'FAVORITE.SET', value: true });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context).toMatchObject({
      title: 'Вечер',
      content: 'Долгий день',
      mood: 'bad',
      isFavorite: true,
      submitted: true,
    });
    expect(log.map(([n]) => n)).not.toContain('clearDraft');
    expect(log.at(-1)).toEqual(['toast', { key: 'createFailed' }]);
    fail = false;
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(bodies[1]!.client_id).toBe(bodies[0]!.client_id);
    expect(log.slice(-3)[0]).toEqual(['clearDraft', { basis: '' }]);
  });

  it('an edit after a failed save takes a new client id (an older entry can never answer the edited text)', async () => {
    const { actor, bodies, log, ready } = run(() => Promise.reject(new Error('timeout')));
    await ready();
    actor.send({ type: 'CONTENT.CHANGE', value: 'Версия 1' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'CONTENT.CHANGE', value: 'Версия 2' });
    expect(log.at(-1)).toEqual(['saveDraft', expect.objectContaining({ content: 'Версия 2', submitted: false })]);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(bodies).toHaveLength(2);
    expect(bodies[1]!.client_id).not.toBe(bodies[0]!.client_id);
  });

  it.each([
    ['not_available', 'diary_not_available'],
    ['limit_reached', 'diary_limit_reached'],
  ] as const)('a 402 %s opens the %s dialog and keeps everything typed', async (code, key) => {
    const { actor, log, ready } = run(() => Promise.reject(refusal(code)));
    await ready();
    actor.send({ type: 'CONTENT.CHANGE', value: 'Целая запись' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(log.at(-1)).toEqual(['openUpgradeDialog', { key }]);
    expect(log.some(([, p]) => (p as { key?: string })?.key === 'createFailed')).toBe(false);
    expect(actor.getSnapshot().context.content).toBe('Целая запись');
  });

  it('BACK while submitting leaves; the draft records the attempt with its client id', async () => {
    const { actor, log, bodies, ready } = run(() => new Promise(() => {}));
    await ready();
    actor.send({ type: 'CONTENT.CHANGE', value: 'Уже отправлено' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'BACK' });
    expect(log.at(-1)).toEqual(['navigate', { to: '/app/diary', replace: true }]);
    const stored = log.filter(([n]) => n === 'saveDraft').at(-1)![1] as NewEntryDraft;
    expect(stored).toMatchObject({ content: 'Уже отправлено', submitted: true, clientId: bodies[0]!.client_id });
  });

  it('the plain form saves to the diary list; a chat’s card goes back to its chat, on save and on back', async () => {
    const plain = run(async () => makeEntry(1));
    await plain.ready();
    plain.actor.send({ type: 'CONTENT.CHANGE', value: 'Просто запись' });
    plain.actor.send({ type: 'SUBMIT' });
    await waitFor(plain.actor, (s) => s.status === 'done');
    expect(plain.log.slice(-2)).toEqual([
      ['toast', { key: 'created' }],
      ['navigate', { to: '/app/diary', replace: true }],
    ]);
    const fromChat = run(async () => makeEntry(2), { prefill: suggestion });
    await fromChat.ready();
    fromChat.actor.send({ type: 'BACK' });
    expect(fromChat.log.at(-1)).toEqual(['navigate', { to: '/app/chat/chat-1', replace: true }]);
  });

  it('sends the trimmed body with null title when the title is blank', async () => {
    const { actor, bodies, ready } = run(async () => makeEntry(1), { prefill: { mood: 'very_good' } });
    await ready();
    actor.send({ type: 'TITLE.CHANGE', value: '   ' });
    actor.send({ type: 'CONTENT.CHANGE', value: ' строка 1\nстрока 2 ' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(bodies).toEqual([
      {
        title: null,
        content: 'строка 1\nстрока 2',
        mood: 'very_good',
        is_favorite: false,
        client_id: expect.stringMatching(/^0{8}-/),
      },
    ]);
  });
});

describe('new entry draft rules', () => {
  const opening = (prefill?: Parameters<typeof basisOf>[0], navigationKey = 'nav-1') => ({ prefill, navigationKey });

  it('no prefill: the plain draft, as stored', () => {
    expect(startingDraft(opening(), [draft()], newClientId)).toEqual(draft());
  });
  it('no stored draft: a fresh form from the prefill with a new client id', () => {
    const d = startingDraft(
      opening({ suggestedContent: 'Совет', suggestedTitle: 'Т', sourceType: 'ai_suggestion' }),
      [],
      () => ID_A,
    );
    expect(d).toEqual({
      title: 'Т',
      content: 'Совет',
      mood: null,
      isFavorite: false,
      source: { source_type: 'ai_suggestion', source_id: null },
      basis: basisOf({ suggestedContent: 'Совет', suggestedTitle: 'Т', sourceType: 'ai_suggestion' }),
      clientId: ID_A,
      submitted: false,
      moodFrom: null,
    });
  });
  it('a mood is not a basis: it applies on top of the plain draft, once per navigation', () => {
    expect(basisOf({ mood: 'good' })).toBe('');
    const applied = startingDraft(opening({ mood: 'good' }, 'k1'), [draft({ mood: 'bad' })], newClientId);
    expect(applied).toMatchObject({ content: 'недописано', mood: 'good', moodFrom: 'k1' });
    expect(startingDraft(opening({ mood: 'good' }, 'k1'), [{ ...applied, mood: 'bad' }], newClientId).mood).toBe('bad');
    expect(startingDraft(opening({ mood: 'good' }, 'k2'), [{ ...applied, mood: 'bad' }], newClientId).mood).toBe(
      'good',
    );
  });
  it('a different suggestion never picks up another basis’s draft', () => {
    const a = { suggestedContent: 'A', sourceType: 'ai_suggestion' as const, sourceId: 'c1' };
    const b = { suggestedContent: 'B', sourceType: 'ai_suggestion' as const, sourceId: 'c2' };
    const drafts = [draft(), draft({ basis: basisOf(a), content: 'A, дополненный' })];
    expect(startingDraft(opening(a), drafts, newClientId).content).toBe('A, дополненный');
    expect(startingDraft(opening(b), drafts, newClientId).content).toBe('B');
  });
  it('a stored draft without a usable client id gets a new one', () => {
    expect(startingDraft(opening(), [draft({ clientId: null })], () => ID_A).clientId).toBe(ID_A);
  });

  it('keeps one draft per basis, most recent last, at most MAX_DRAFTS', () => {
    const full = Array.from({ length: MAX_DRAFTS }, (_, i) => draft({ basis: `b${i}` }));
    const next = withDraft(full, { ...draft({ basis: 'b0', content: 'новее' }), clientId: ID_A });
    expect(next.map((d) => d.basis)).toEqual([...full.slice(1).map((d) => d.basis), 'b0']);
    const grown = withDraft(full, { ...draft({ basis: 'new' }), clientId: ID_A });
    expect(grown).toHaveLength(MAX_DRAFTS);
    expect(grown.map((d) => d.basis)).not.toContain('b0');
    expect(withoutDraft(next, 'b0').map((d) => d.basis)).not.toContain('b0');
  });

  it('parses stored drafts strictly, dropping only the unusable parts', () => {
    for (const raw of [null, '', '{oops', '{"content":"x"}', '42', 'null']) expect(parseDrafts(raw)).toEqual([]);
    const stored = JSON.stringify([
      { basis: '', content: 1 }, // no usable content: dropped
      draft({ basis: 'old', content: 'старое' }),
      {
        ...draft(),
        mood: 'awful',
        content: 'x\u0000'.repeat(3000),
        title: 7,
        source: { source_type: 'robot', source_id: 5 },
        clientId: 'draft-1',
        isFavorite: 'yes',
        submitted: 'yes',
      },
      draft({ basis: 'old', content: 'новее' }),
      draft({ basis: 's', source: { source_type: 'ai_suggestion', source_id: 'c\u0000'.repeat(80) } }),
    ]);
    const drafts = parseDrafts(stored);
    expect(drafts.map((d) => d.basis)).toEqual(['', 'old', 's']);
    expect(drafts[0]).toEqual({
      basis: '',
      title: '',
      content: 'x'.repeat(2000),
      mood: null,
      isFavorite: false,
      source: null,
      clientId: null,
      submitted: false,
      moodFrom: null,
    });
    expect(drafts[1]!.content).toBe('новее');
    expect(drafts[2]!.source).toEqual({ source_type: 'ai_suggestion', source_id: 'c'.repeat(36) }); // a UUID's length
  });

  it('validates navigation state: anything unusable is dropped', () => {
    expect(prefillFromNavigation(null)).toBeUndefined();
    expect(prefillFromNavigation('mood')).toBeUndefined();
    expect(prefillFromNavigation({ mood: 'awful', sourceType: 'robot', suggestedContent: 5 })).toBeUndefined();
    expect(prefillFromNavigation({ mood: 'good', extra: 1 })).toEqual({ mood: 'good' });
    expect(
      prefillFromNavigation({
        suggestedContent: 'a\u0000b'.repeat(1000),
        suggestedTitle: 'T',
        sourceType: 'ai_suggestion',
        sourceId: 'c1',
      }),
    ).toEqual({
      suggestedContent: 'ab'.repeat(1000),
      suggestedTitle: 'T',
      sourceType: 'ai_suggestion',
      sourceId: 'c1',
    });
  });

  it('the create body: trimmed, null title when blank, source only when set, the client id', () => {
    expect(createBodyFromDraft({ ...draft({ title: '  ', content: ' x ' }), clientId: ID_A })).toEqual({
      title: null,
      content: 'x',
      mood: null,
      is_favorite: false,
      client_id: ID_A,
    });
  });
});
