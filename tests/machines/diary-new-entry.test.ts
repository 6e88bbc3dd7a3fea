// The new diary entry form as two tables, built from a model written here from docs/diary.md (decision 0251: the
// model's steps are the walk), for two openings: a chat's diary card (its own draft, back to that chat) and home's
// mood card (the plain draft with the mood on top, once per navigation; back to the diary). The stored drafts are
// read first; every change is kept as the draft; a blank save warns; a save records the attempt in the draft and
// sends the client id, which an edit after an attempt renews; a refusal (402) opens its dialog and a failure toasts,
// keeping everything typed. Then the sequences and the draft rules.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import type { DiaryCreateBody, DiaryEntry, Mood } from '../../contract/diary';
import {
  newEntryMachine,
  newEntryView,
  type NewEntryContext,
  type NewEntryInput,
} from '../../machines/diary/new-entry.machine';
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
  type NewEntrySource,
  type StoredDraft,
} from '../../machines/diary/new-entry-draft';
import {
  branchCounter,
  describeMachineTables,
  type Effect,
  type StateRow,
  type TransitionRow,
} from '../support/machine-tables';
import type { CaseEvent, PathRun } from '../support/path-tests';
import { makeEntry } from './diary-fixtures';

let idCounter = 0;
/** Valid, distinct client ids (the contract's UUID pattern). */
const newClientId = () => `00000000-0000-4000-8000-${String(++idCounter).padStart(12, '0')}`;
/** Any id newClientId made (never a stored draft's). */
const NEW_ID = expect.stringMatching(/^00000000-0000-4000-8000-\d{12}$/);
const ID_A = '11111111-1111-4111-8111-111111111111';

const suggestion = { suggestedTitle: 'Из чата', sourceType: 'ai_suggestion', sourceId: 'chat-1' } as const;
/** A 402 as src/api/errors.ts rejects it (the message names the refusal: two cases must differ beyond the class). */
const refusal = (refusal: 'not_available' | 'limit_reached') => Object.assign(new Error(`402 ${refusal}`), { refusal });

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

// ── The model ──
/** The suggestion's draft is keyed by the suggestion itself (its text, title, source); the plain form's by ''. */
const CHAT_BASIS = JSON.stringify(['', 'Из чата', 'ai_suggestion', 'chat-1']);
const CHAT_SOURCE: NewEntrySource = { source_type: 'ai_suggestion', source_id: 'chat-1' };
/** A title longer than the 100 characters a title holds: kept cut. */
const LONG_TITLE = `Вечер ${'и'.repeat(150)}`;
const LONG_KEPT = LONG_TITLE.slice(0, 100);
/** Spaces only: not content. */
const BLANK = '   ';
/** Typed with spaces around and a NUL: kept without the NUL, as typed; sent trimmed. A wish to die: the lines show. */
const TEXT = '  Больше не хочу\u0000 жить  ';
const TEXT_KEPT = '  Больше не хочу жить  ';
/** A title of the plain draft restored after a reload: a risk too. */
const RISK_TITLE = 'Хочу покончить с собой';
const NAMES = new Map<string, string>([
  ['', 'empty'],
  [BLANK, 'blank'],
  [TEXT_KEPT, 'text'],
  [LONG_KEPT, 'long'],
  [RISK_TITLE, 'risk'],
]);
const named = (text: string) => NAMES.get(text) ?? JSON.stringify(text);

type At = 'restoring' | 'editing' | 'submitting' | 'saved';
interface Form {
  at: At;
  title: string;
  content: string;
  mood: Mood | null;
  isFavorite: boolean;
  /** The client id: a stored draft's (ID_A), or one newClientId made. */
  id: 'draft' | 'new';
  /** A save was attempted with this id. */
  sent: boolean;
  moodFrom: string | null;
}
const keyOf = (f: Form) =>
  [
    f.at,
    `title ${named(f.title)}`,
    `content ${named(f.content)}`,
    f.mood ?? 'no mood',
    f.isFavorite && 'favourite',
    f.sent ? `${f.id} id sent` : `${f.id} id`,
    f.moodFrom && `mood of ${f.moodFrom}`,
  ]
    .filter(Boolean)
    .join(' | ');
function factsOf(s: AnyMachineSnapshot): Form {
  const c = s.context as NewEntryContext;
  return {
    at: s.value as At,
    title: c.title,
    content: c.content,
    mood: c.mood,
    isFavorite: c.isFavorite,
    id: c.clientId === ID_A ? 'draft' : 'new',
    sent: c.submitted,
    moodFrom: c.moodFrom,
  };
}

/** One opening of the form: its input, the stored drafts it may find and the form each leaves, where it goes back. */
interface Opening {
  name: string;
  input: NewEntryInput;
  basis: string;
  source: NewEntrySource | null;
  /** The form before the drafts are read (and when they cannot be): from the prefill, with a new id. */
  fresh: Form;
  restored: Record<string, { drafts: StoredDraft[]; form: Form }>;
  /** Where back and a save go. */
  back: string;
  savedToast: 'created' | 'createdFromChat';
  /** isFromChat is one-sided in each opening. */
  guardSides: Record<string, string>;
}
const restoring = (over: Partial<Form>): Form => ({
  at: 'restoring',
  title: '',
  content: '',
  mood: null,
  isFavorite: false,
  id: 'new',
  sent: false,
  moodFrom: null,
  ...over,
});
const FROM_CHAT: Opening = {
  name: 'new entry from a chat’s diary card',
  input: { prefill: suggestion, navigationKey: 'nav-1', newClientId },
  basis: CHAT_BASIS,
  source: CHAT_SOURCE,
  fresh: restoring({ title: 'Из чата' }),
  restored: {
    // None kept, or only the plain one: a fresh form from the suggestion (the plain draft is not touched).
    none: { drafts: [], form: { ...restoring({ title: 'Из чата' }), at: 'editing' } },
    plain: { drafts: [draft()], form: { ...restoring({ title: 'Из чата' }), at: 'editing' } },
    // The suggestion's own draft, whose save was tried (its answer lost): it keeps its id.
    own: {
      drafts: [
        draft(),
        draft({
          basis: CHAT_BASIS,
          title: 'Из чата',
          content: 'Дополненный совет',
          source: CHAT_SOURCE,
          submitted: true,
        }),
      ],
      form: {
        at: 'editing',
        title: 'Из чата',
        content: 'Дополненный совет',
        mood: null,
        isFavorite: false,
        id: 'draft',
        sent: true,
        moodFrom: null,
      },
    },
  },
  back: '/app/chat/chat-1',
  savedToast: 'createdFromChat',
  guardSides: { isFromChat: 'true for every step of this opening (the mood card’s walk takes false)' },
};
const FROM_HOME: Opening = {
  name: 'new entry from home’s mood card',
  input: { prefill: { mood: 'good' }, navigationKey: 'nav-home', newClientId },
  basis: '',
  source: null,
  fresh: restoring({ mood: 'good', moodFrom: 'nav-home' }),
  restored: {
    none: { drafts: [], form: { ...restoring({ mood: 'good', moodFrom: 'nav-home' }), at: 'editing' } },
    // The plain draft from an earlier navigation, without a usable id: this navigation's mood on top, a new id.
    older: {
      drafts: [draft({ mood: 'bad', moodFrom: 'nav-old', clientId: null })],
      form: {
        at: 'editing',
        title: 'Черновик',
        content: 'недописано',
        mood: 'good',
        isFavorite: false,
        id: 'new',
        sent: false,
        moodFrom: 'nav-home',
      },
    },
    // A reload of this navigation: its mood was applied and the user chose another since, which stays; the
    // suggestion's draft beside it is not this form's.
    reload: {
      drafts: [
        draft({ basis: CHAT_BASIS, content: 'Дополненный совет', source: CHAT_SOURCE }),
        draft({ title: RISK_TITLE, mood: 'bad', moodFrom: 'nav-home', isFavorite: true }),
      ],
      form: {
        at: 'editing',
        title: RISK_TITLE,
        content: 'недописано',
        mood: 'bad',
        isFavorite: true,
        id: 'draft',
        sent: false,
        moodFrom: 'nav-home',
      },
    },
  },
  back: '/app/diary',
  savedToast: 'created',
  guardSides: { isFromChat: 'false for every step of this opening (the chat card’s walk takes true)' },
};

const EDITS: Record<string, CaseEvent> = {
  'CONTENT.CHANGE blank': { type: 'CONTENT.CHANGE', value: BLANK },
  'CONTENT.CHANGE text': { type: 'CONTENT.CHANGE', value: TEXT },
  'TITLE.CHANGE long': { type: 'TITLE.CHANGE', value: LONG_TITLE },
  'MOOD.SELECT neutral': { type: 'MOOD.SELECT', mood: 'neutral' },
  'FAVORITE.SET off': { type: 'FAVORITE.SET', value: false },
  'FAVORITE.SET on': { type: 'FAVORITE.SET', value: true },
};
/** What each edit changes. */
const EDITED: Record<string, Partial<Form>> = {
  'CONTENT.CHANGE blank': { content: BLANK },
  'CONTENT.CHANGE text': { content: TEXT_KEPT },
  'TITLE.CHANGE long': { title: LONG_KEPT },
  'MOOD.SELECT neutral': { mood: 'neutral' },
  'FAVORITE.SET off': { isFavorite: false },
  'FAVORITE.SET on': { isFavorite: true },
};
/** The walk edits in one order (content, title, mood, favourite): every field changes, without every combination. */
function walkedEdit(f: Form, edit: string): boolean {
  switch (edit) {
    case 'CONTENT.CHANGE blank':
      return f.content !== BLANK && f.content !== TEXT_KEPT;
    case 'CONTENT.CHANGE text':
      return f.content !== TEXT_KEPT;
    case 'TITLE.CHANGE long':
      return f.content === TEXT_KEPT && f.title !== LONG_KEPT;
    case 'MOOD.SELECT neutral':
      return f.title === LONG_KEPT && f.mood !== 'neutral';
    default:
      return f.mood === 'neutral' && f.isFavorite !== (edit === 'FAVORITE.SET on');
  }
}

const ERRORS = {
  failed: { error: new Error('503'), effect: ['toast', { key: 'createFailed' }] },
  limit: { error: refusal('limit_reached'), effect: ['openUpgradeDialog', { key: 'diary_limit_reached' }] },
  plan: { error: refusal('not_available'), effect: ['openUpgradeDialog', { key: 'diary_not_available' }] },
} satisfies Record<string, { error: Error; effect: Effect }>;

/**
 * The tables know a new id only as «one newClientId made»; which one is the rule of docs/diary.md, checked on every
 * save: a save after a failed one sends the same client id, unless the text was edited after the failure.
 */
const idRule = branchCounter('first save', 'same id again', 'new id after an edit');
function sameIdUnlessEdited(_: AnyMachineSnapshot, run: PathRun) {
  const ids = run.invocations
    .filter((call) => call.src === 'createEntry')
    .map((call) => (call.input as DiaryCreateBody).client_id);
  const failed = run.events.findLastIndex((e) => e.type === 'xstate.error.actor.createEntry');
  const edited = run.events.slice(failed + 1).some((e) => Object.values(EDITS).some((edit) => edit.type === e.type));
  const branch = ids.length === 1 ? 'first save' : edited ? 'new id after an edit' : 'same id again';
  idRule(branch);
  expect(ids.at(-1) === ids.at(-2), branch).toBe(branch === 'same id again');
}

function tables(o: Opening) {
  const draftOf = (f: Form): NewEntryDraft => ({
    title: f.title,
    content: f.content,
    mood: f.mood,
    isFavorite: f.isFavorite,
    source: o.source,
    basis: o.basis,
    clientId: f.id === 'draft' ? ID_A : NEW_ID,
    submitted: f.sent,
    moodFrom: f.moodFrom,
  });
  const back: Effect = ['navigate', { to: o.back, replace: true }];
  interface Move {
    to: Form;
    effects?: Effect[];
    invokes?: Array<{ id: string; src: string; input: unknown }>;
  }
  function moves(f: Form): Record<string, Move> {
    const out: Record<string, Move> = {};
    // Back from anywhere: the draft stays for next time (a save on its way still completes).
    if (f.at !== 'saved') out.BACK = { to: f, effects: [back] };
    switch (f.at) {
      case 'restoring':
        for (const [label, { form }] of Object.entries(o.restored))
          out[`done.actor.restoreDrafts ${label}`] = { to: form };
        // Storage unreadable: start from the prefill.
        out['error.actor.restoreDrafts'] = { to: { ...f, at: 'editing' } };
        break;
      case 'editing': {
        for (const edit of Object.keys(EDITS)) {
          if (!walkedEdit(f, edit)) continue;
          // An edit after an attempt is a new text: a new client id.
          const to: Form = { ...f, ...EDITED[edit], ...(f.sent ? { id: 'new', sent: false } : {}) };
          out[edit] = { to, effects: [['saveDraft', draftOf(to)]] };
        }
        if (f.content.trim() === '') out.SUBMIT = { to: f, effects: [['toast', { key: 'blankContent' }]] };
        else {
          const to: Form = { ...f, at: 'submitting', sent: true };
          const body = {
            title: f.title.trim() || null,
            content: f.content.trim(),
            mood: f.mood,
            is_favorite: f.isFavorite,
            ...(o.source ? { source: o.source } : {}),
            client_id: f.id === 'draft' ? ID_A : NEW_ID,
          };
          out.SUBMIT = {
            to,
            effects: [['saveDraft', draftOf(to)]],
            invokes: [{ id: 'createEntry', src: 'createEntry', input: body }],
          };
        }
        break;
      }
      case 'submitting':
        out['done.actor.createEntry entry'] = {
          to: { ...f, at: 'saved' },
          effects: [['clearDraft', { basis: o.basis }], ['toast', { key: o.savedToast }], back],
        };
        // Everything typed is kept, and still in the draft.
        for (const [label, { effect }] of Object.entries(ERRORS))
          out[`error.actor.createEntry ${label}`] = { to: { ...f, at: 'editing' }, effects: [effect] };
        break;
    }
    return out;
  }
  const viewOf = (f: Form) => ({
    title: f.title,
    content: f.content,
    mood: f.mood,
    isFavorite: f.isFavorite,
    editable: f.at === 'editing',
    submitting: f.at === 'submitting',
    canSave: f.at === 'editing' && f.content.trim() !== '',
    atRisk: f.content === TEXT_KEPT || f.title === RISK_TITLE,
  });
  const canOf = (f: Form) => {
    const editing = f.at === 'editing';
    return {
      'TITLE.CHANGE': editing,
      'CONTENT.CHANGE': editing,
      'MOOD.SELECT': editing,
      'FAVORITE.SET': editing,
      SUBMIT: editing,
      // A root-level event: can() answers it in the final state too, where the stopped actor ignores it.
      BACK: true,
    };
  };
  const RUNNING: Partial<Record<At, string[]>> = { restoring: ['restoreDrafts'], submitting: ['createEntry'] };
  const states: Record<string, StateRow> = {};
  const transitions: Record<string, Record<string, TransitionRow>> = {};
  for (const queue = [o.fresh]; queue.length;) {
    const f = queue.shift()!;
    const k = keyOf(f);
    if (states[k]) continue;
    states[k] = {
      view: viewOf(f),
      can: canOf(f),
      running: RUNNING[f.at] ?? [],
      ...(f.at === 'saved' ? { status: 'done' as const } : {}),
      context: { source: o.source, basis: o.basis },
    };
    transitions[k] = {};
    for (const [event, move] of Object.entries(moves(f))) {
      transitions[k][event] = {
        to: keyOf(move.to),
        effects: move.effects ?? [],
        invokes: move.invokes ?? [],
        context: { clientId: move.to.id === 'draft' ? ID_A : NEW_ID, submitted: move.to.sent },
      };
      queue.push(move.to);
    }
  }
  const labelled = (type: string, cases: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(cases).map(([label, payload]) => [label, { type, ...(payload as object) }]));
  const events: Record<string, Record<string, CaseEvent>> = {
    'xstate.done.actor.restoreDrafts': labelled(
      'xstate.done.actor.restoreDrafts',
      Object.fromEntries(Object.entries(o.restored).map(([label, { drafts }]) => [label, { output: drafts }])),
    ),
    'xstate.done.actor.createEntry': { entry: { type: 'xstate.done.actor.createEntry', output: makeEntry(1) } },
    'xstate.error.actor.createEntry': labelled(
      'xstate.error.actor.createEntry',
      Object.fromEntries(Object.entries(ERRORS).map(([label, { error }]) => [label, { error }])),
    ),
  };
  for (const [key, e] of Object.entries(EDITS)) (events[e.type] ??= {})[key.split(' ')[1]!] = e;
  // The event's key as the tables name it (the helper's rule: the type without `xstate.`, then the case's label).
  const payloadKey = (e: EventObject) =>
    JSON.stringify(e, (_k, v: unknown) => (v instanceof Error ? `Error(${v.message})` : v));
  const labels = new Map(
    Object.values(events).flatMap((cases) => Object.entries(cases).map(([l, e]) => [payloadKey(e), l])),
  );
  const eventKey = (e: EventObject) => {
    const label = labels.get(payloadKey(e));
    const type = e.type.replace(/^xstate\./, '');
    return label ? `${type} ${label}` : type;
  };
  return {
    name: o.name,
    input: o.input,
    events,
    key: (s: AnyMachineSnapshot) => keyOf(factsOf(s)),
    states,
    transitions,
    filterEvents: (s: AnyMachineSnapshot, e: EventObject) => eventKey(e) in moves(factsOf(s)),
    guardSides: o.guardSides,
    assert: { submitting: sameIdUnlessEdited },
  };
}

describeMachineTables(newEntryMachine, {
  view: newEntryView,
  ...tables(FROM_CHAT),
  counts: { paths: 49, transitions: 65 },
});
describeMachineTables(newEntryMachine, {
  view: newEntryView,
  ...tables(FROM_HOME),
  counts: { paths: 124, transitions: 168 },
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
