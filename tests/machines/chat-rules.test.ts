// The chat's pure rules: the limit banner, the device drafts, paging offsets, suggestion links.
import { describe, expect, it } from 'vitest';
import {
  chatDraftKey,
  MAX_CHAT_DRAFTS,
  parseChatDrafts,
  REPLY_WRITING_MS,
  textWithTakenBack,
  unsentFate,
  withChatDraft,
} from '../../machines/chat/chat-draft';
import { appendNewest, olderPageQuery, prependPage } from '../../machines/chat/chat-history';
import { diaryNavigation, practiceNavigation } from '../../machines/chat/chat-suggestions';
import { limitBanner } from '../../machines/chat/limit-banner';
import { prefillFromNavigation } from '../../machines/diary/new-entry-draft';
import { diaryMeta, makeMessage, messages, practiceMeta } from './chat-fixtures';

const ID = '33333333-3333-4333-8333-333333333333';

describe('limit banner', () => {
  it('hidden above 10 % left, the warning at 10 % or less, exhausted at none; no limit → hidden', () => {
    const at = (limit: number | null, used: number) => limitBanner({ tokens_limit: limit, tokens_used: used }, false);
    expect(at(20_000, 17_999)).toBe('hidden'); // 2 001 left: 10.005 %
    expect(at(20_000, 18_000)).toBe('low'); // exactly 10 %
    expect(at(20_000, 19_999)).toBe('low');
    expect(at(20_000, 20_000)).toBe('exhausted');
    expect(at(20_000, 20_700)).toBe('exhausted'); // a reply may overspend
    expect(at(null, 5_000_000)).toBe('hidden');
    expect(limitBanner(null, false)).toBe('hidden');
    expect(limitBanner(null, true)).toBe('exhausted'); // the server said 402
  });
});

describe('chat drafts on the device', () => {
  it('one per chat, the newest last, at most 20; an empty draft is removed', () => {
    let drafts = withChatDraft([], 'c1', { text: 'a', unsent: null });
    drafts = withChatDraft(drafts, 'new', { text: 'b', unsent: null });
    drafts = withChatDraft(drafts, 'c1', { text: 'c', unsent: null });
    expect(drafts).toEqual([
      { key: 'new', text: 'b', unsent: null },
      { key: 'c1', text: 'c', unsent: null },
    ]);
    expect(withChatDraft(drafts, 'new', { text: '', unsent: null }).map((d) => d.key)).toEqual(['c1']);
    for (let i = 0; i < 30; i += 1) drafts = withChatDraft(drafts, `k${i}`, { text: 'x', unsent: null });
    expect(drafts).toHaveLength(MAX_CHAT_DRAFTS);
    expect(drafts.at(-1)!.key).toBe('k29');
    expect(chatDraftKey(null)).toBe('new');
  });

  it('reads storage strictly: junk, bad client ids, NUL characters and duplicates are dropped', () => {
    expect(parseChatDrafts(null)).toEqual([]);
    expect(parseChatDrafts('{oops')).toEqual([]);
    expect(parseChatDrafts('{"key":"c1"}')).toEqual([]);
    const raw = JSON.stringify([
      { key: 'c1', text: 'старое', unsent: null },
      { key: 'c2', text: 5, unsent: { content: 'x', clientId: 'not-a-uuid' } },
      { key: '', text: 'без ключа' },
      { key: 'c3', text: 'a\u0000b'.padEnd(5000, 'я'), unsent: { content: '  Привет  ', clientId: ID } },
      { key: 'c1', text: 'новое', unsent: null },
      'junk',
    ]);
    const drafts = parseChatDrafts(raw);
    expect(drafts.map((d) => d.key)).toEqual(['c3', 'c1']);
    expect(drafts[0]!.text).toHaveLength(4000);
    expect(drafts[0]!.text.startsWith('ab')).toBe(true);
    expect(drafts[0]!.unsent).toEqual({ content: 'Привет', clientId: ID });
    expect(drafts[1]).toEqual({ key: 'c1', text: 'новое', unsent: null });
  });

  it('an empty composer with an unanswered message is a draft: kept on save and on reading, never dropped', () => {
    // What every send saves: the composer emptied, the message waiting for its answer.
    const waiting = { text: '', unsent: { content: 'Мне плохо', clientId: ID } };
    expect(withChatDraft([], 'c1', waiting)).toEqual([{ key: 'c1', ...waiting }]);
    expect(parseChatDrafts(JSON.stringify([{ key: 'c1', ...waiting }]))).toEqual([{ key: 'c1', ...waiting }]);
  });

  it('reads the unsent message and the key strictly: wrong types are dropped, not thrown or kept', () => {
    const unsent = (v: unknown) => parseChatDrafts(JSON.stringify([{ key: 'c1', text: 'т', unsent: v }]))[0]!.unsent;
    expect(unsent({ content: 5, clientId: ID })).toBeNull();
    expect(unsent({ content: 'Привет', clientId: [ID] })).toBeNull();
    expect(unsent({ content: 'Привет', clientId: ID })).toEqual({ content: 'Привет', clientId: ID });
    const keys = (stored: unknown[]) => parseChatDrafts(JSON.stringify(stored)).map((d) => d.key);
    expect(keys([null, { key: 'c1', text: 'т' }])).toEqual(['c1']);
    expect(
      keys([
        { key: 7, text: 'т' },
        { key: 'c2', text: 'т' },
      ]),
    ).toEqual(['c2']);
    expect(keys([{ text: 'т' }, { key: 'c3', text: 'т' }])).toEqual(['c3']);
  });

  it('reads at most 20 drafts from storage, the newest', () => {
    const stored = Array.from({ length: MAX_CHAT_DRAFTS + 1 }, (_, i) => ({ key: `k${i}`, text: 'т', unsent: null }));
    const keys = parseChatDrafts(JSON.stringify(stored)).map((d) => d.key);
    expect(keys).toHaveLength(20);
    expect(keys[0]).toBe('k1');
    expect(keys.at(-1)).toBe('k20');
  });

  it('an unsent message is judged by the newest messages: answered, still being written, stored or never received', () => {
    const unsent = { content: 'Мне плохо', clientId: ID };
    const user = makeMessage(1, { content: 'Мне плохо' }); // created at 09:01
    const reply = makeMessage(2);
    const at = (hhmmss: string) => new Date(`2025-03-10T${hhmmss}.000Z`);
    const late = at('12:00:00');
    expect(unsentFate(unsent, [user, reply], late)).toBe('answered');
    expect(unsentFate(unsent, [reply, user], late)).toBe('stored');
    expect(unsentFate(unsent, [reply], late)).toBe('unsent');
    expect(unsentFate(unsent, [], late)).toBe('unsent');
    // Sent less than REPLY_WRITING_MS ago, the reply is most likely on its way (a device clock behind counts too).
    expect(REPLY_WRITING_MS).toBe(120_000);
    expect(unsentFate(unsent, [reply, user], at('09:01:00'))).toBe('writing');
    expect(unsentFate(unsent, [reply, user], at('09:02:59'))).toBe('writing');
    expect(unsentFate(unsent, [reply, user], at('09:03:00'))).toBe('stored');
    expect(unsentFate(unsent, [reply, user], at('09:00:00'))).toBe('writing');
    expect(unsentFate(unsent, [user, reply], at('09:01:30'))).toBe('answered');
  });

  it('the newest page read again adds only what came since, after what is shown', () => {
    const shown = messages(3, 6);
    expect(appendNewest(shown, messages(5, 8)).map((m) => m.id)).toEqual(['m3', 'm4', 'm5', 'm6', 'm7', 'm8']);
    expect(appendNewest(shown, messages(3, 6))).toEqual(shown);
  });

  it('text taken back goes before what is typed', () => {
    expect(textWithTakenBack('первое', '')).toBe('первое');
    expect(textWithTakenBack('первое', '  ')).toBe('первое');
    expect(textWithTakenBack('первое', 'второе')).toBe('первое\nвторое');
  });
});

describe('history pages', () => {
  it('counts the offset from the oldest message: 45 older → skip 15 limit 30, then skip 0 limit 15', () => {
    expect(olderPageQuery('c1', 45)).toEqual({ chatId: 'c1', skip: 15, limit: 30 });
    expect(olderPageQuery('c1', 15)).toEqual({ chatId: 'c1', skip: 0, limit: 15 });
    expect(olderPageQuery('c1', 30)).toEqual({ chatId: 'c1', skip: 0, limit: 30 });
  });

  it('prepends a page without repeating a message already shown', () => {
    expect(prependPage(messages(3, 5), messages(1, 3)).map((m) => m.id)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
  });
});

describe('suggestion cards', () => {
  it('a practice opens with the chat as its source; a diary suggestion prefills the new entry', () => {
    const practice = practiceMeta(true);
    if (practice.type !== 'practice_suggestion') throw new Error('fixture');
    expect(practiceNavigation(practice, 'c1')).toEqual({
      to: '/app/practices/box_breathing',
      state: { sourceType: 'ai_suggestion', sourceId: 'c1' },
    });
    expect(diaryNavigation(diaryMeta, 'c1')).toEqual({
      to: '/app/diary/new',
      state: {
        suggestedContent: 'Сегодня получилось закончить проект',
        suggestedTitle: 'Хороший момент',
        sourceType: 'ai_suggestion',
        sourceId: 'c1',
      },
    });
    // The diary's form takes that state as it is.
    expect(prefillFromNavigation(diaryNavigation(diaryMeta, 'c1').state)).toEqual({
      suggestedContent: 'Сегодня получилось закончить проект',
      suggestedTitle: 'Хороший момент',
      sourceType: 'ai_suggestion',
      sourceId: 'c1',
    });
  });
});
