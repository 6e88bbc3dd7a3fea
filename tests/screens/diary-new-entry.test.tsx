// The new diary entry screen: counters, blank guard, prefill, submitting, success, failure, the upgrade dialog on a
// refused save, and the drafts (per user, per basis, strict parsing, storage that throws, one client id per draft).
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_ID_PATTERN } from '../../contract/client-id';
import type { DiaryCreateBody } from '../../contract/diary';
import { basisOf } from '../../machines/diary/new-entry-draft';
import { createDiaryEntry, listDiaryEntries } from '../../src/api/diary';
import { draftStorageKey } from '../../src/screens/diary/draftStorage';
import { newClientId } from '../../src/lib/clientId';
import { safeStorage } from '../../src/telegram/storage';
import { toast } from '../../src/ui/toast';
import { deferred, DIARY_USER, entry, renderDiary } from './diary-helpers';
import { currentPath } from './render-app';

vi.mock('../../src/api/diary'); // automocked: every call is a vi.fn() the tests program
vi.mock('../../src/ui/toast', () => ({ toast: vi.fn() }));

const create = vi.mocked(createDiaryEntry);
const title = () => screen.getByPlaceholderText('Заголовок (опционально)');
const content = () => screen.getByPlaceholderText('Что вы чувствуете?');
const save = () => screen.getByRole('button', { name: /Сохранить|Сохранение\.\.\./ });
const KEY = draftStorageKey(DIARY_USER.telegram_id);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const storedDrafts = (key = KEY) => JSON.parse(localStorage.getItem(key) ?? '[]') as Array<Record<string, unknown>>;
const plainDraft = (over: Record<string, unknown> = {}) => ({
  basis: '',
  title: 'Черновик',
  content: 'Начатый текст',
  mood: null,
  isFavorite: false,
  source: null,
  clientId: '11111111-1111-4111-8111-111111111111',
  submitted: false,
  moodFrom: null,
  ...over,
});

/** Opens the form and waits until the drafts are restored (the inputs are disabled for that moment). */
async function openForm(state?: unknown, user?: Record<string, unknown>) {
  const view = await renderDiary('/app/diary/new', state, user);
  await waitFor(() => expect(content()).toBeEnabled());
  return view;
}

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  vi.mocked(listDiaryEntries).mockResolvedValue({ entries: [], total: 0 });
});

describe('new entry screen', () => {
  it('counters n/2000 and n/100; save disabled while content is blank', async () => {
    await openForm();
    expect(screen.getByText('0/2000')).toBeInTheDocument();
    expect(screen.getByText('0/100')).toBeInTheDocument();
    expect(save()).toBeDisabled();
    await userEvent.type(content(), '   ');
    expect(save()).toBeDisabled();
    await userEvent.type(title(), 'Утро');
    await userEvent.type(content(), 'Спокойно');
    expect(screen.getByText('4/100')).toBeInTheDocument();
    expect(screen.getByText('11/2000')).toBeInTheDocument();
    expect(save()).toBeEnabled();
    expect(content()).toHaveAttribute('maxLength', '2000');
    expect(title()).toHaveAttribute('maxLength', '100');
  });

  it('words of suicide or self-harm bring the crisis lines beside the text, as tap-to-call links; saving goes on', async () => {
    await openForm();
    await userEvent.type(content(), 'Тяжёлый день, убила время на ерунду.');
    expect(screen.queryByRole('heading', { name: 'Вы не одни' })).not.toBeInTheDocument();
    await userEvent.type(content(), ' Не хочу больше жить.');
    const help = (await screen.findByRole('heading', { name: 'Вы не одни' })).closest('section')!;
    expect(help.parentElement).toHaveAttribute('aria-live', 'polite');
    expect(within(help).getByRole('link', { name: '8-800-2000-122' })).toHaveAttribute('href', 'tel:88002000122');
    expect(within(help).getByRole('link', { name: '112' })).toHaveAttribute('href', 'tel:112');
    expect(save()).toBeEnabled();
  });

  it('a blank submit from the keyboard shows the warning', async () => {
    await openForm();
    await userEvent.type(content(), '  {Control>}{Enter}{/Control}');
    expect(toast).toHaveBeenCalledWith({
      title: 'Внимание',
      description: 'Содержание записи не может быть пустым',
      variant: 'warning',
    });
    expect(create).not.toHaveBeenCalled();
  });

  it('prefills from a chat suggestion, sends its source and a client id, and returns to that chat', async () => {
    create.mockResolvedValue(entry(1));
    await openForm({
      suggestedContent: 'Я заметил, что устаю к вечеру',
      suggestedTitle: 'Усталость',
      sourceType: 'ai_suggestion',
      sourceId: 'chat-7',
    });
    expect(content()).toHaveValue('Я заметил, что устаю к вечеру');
    expect(title()).toHaveValue('Усталость');
    await userEvent.click(save());
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith({
        title: 'Усталость',
        content: 'Я заметил, что устаю к вечеру',
        mood: null,
        is_favorite: false,
        source: { source_type: 'ai_suggestion', source_id: 'chat-7' },
        client_id: expect.stringMatching(UUID),
      }),
    );
    // Back in the conversation, where the toast confirms it — not the diary list.
    await waitFor(() => expect(currentPath()).toBe('/app/chat/chat-7'));
    expect(toast).toHaveBeenCalledWith({
      title: 'Сохранено в дневник',
      description: 'Запись из разговора — в дневнике. Можно продолжать',
      variant: 'success',
    });
  });

  it('prefills the mood from the home quick mood card; junk navigation state is ignored', async () => {
    const view = await openForm({ mood: 'good' });
    expect(screen.getByRole('radio', { name: 'Хорошее' })).toHaveAttribute('aria-checked', 'true');
    view.unmount();
    await openForm({ mood: 'awful', suggestedContent: 42, sourceType: 'robot' });
    expect(content()).toHaveValue('');
    for (const radio of screen.getAllByRole('radio')) expect(radio).toHaveAttribute('aria-checked', 'false');
  });

  it('submitting: «Сохранение...», inputs disabled; success toasts, clears the draft and returns to /app/diary', async () => {
    const pending = deferred<ReturnType<typeof entry>>();
    create.mockReturnValue(pending.promise);
    await openForm();
    await userEvent.type(content(), 'Хороший день');
    await userEvent.click(screen.getByRole('radio', { name: 'Отличное' }));
    await userEvent.click(screen.getByRole('checkbox'));
    expect(storedDrafts()).toEqual([expect.objectContaining({ basis: '', content: 'Хороший день', isFavorite: true })]);
    await userEvent.click(save());
    expect(save()).toHaveTextContent('Сохранение...');
    expect(save()).toBeDisabled();
    expect(content()).toBeDisabled();
    expect(title()).toBeDisabled();
    expect(screen.getByRole('checkbox')).toBeDisabled();
    await act(async () => pending.resolve(entry(1)));
    await waitFor(() => expect(currentPath()).toBe('/app/diary'));
    expect(toast).toHaveBeenCalledWith({
      title: 'Запись сохранена',
      description: 'Запись добавлена в дневник',
      variant: 'success',
    });
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(create).toHaveBeenCalledWith({
      title: null,
      content: 'Хороший день',
      mood: 'very_good',
      is_favorite: true,
      client_id: expect.stringMatching(UUID),
    });
  });

  it('failure: toast, everything typed kept, the draft survives a reload, and saving it again reuses its client id', async () => {
    create.mockRejectedValueOnce(new Error('timeout')).mockResolvedValue(entry(1));
    const first = await openForm();
    await userEvent.type(title(), 'Вечер');
    await userEvent.type(content(), 'Строка 1{Enter}Строка 2');
    await userEvent.click(save());
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Ошибка',
        description: 'Не удалось создать запись',
        variant: 'destructive',
      }),
    );
    expect(content()).toHaveValue('Строка 1\nСтрока 2');
    expect(content()).toBeEnabled();
    expect(currentPath()).toBe('/app/diary/new');
    first.unmount(); // "reload"
    await openForm();
    expect(title()).toHaveValue('Вечер');
    expect(content()).toHaveValue('Строка 1\nСтрока 2');
    await userEvent.click(save());
    await waitFor(() => expect(currentPath()).toBe('/app/diary'));
    const [a, b] = create.mock.calls.map(([body]) => (body as DiaryCreateBody).client_id);
    expect(a).toMatch(UUID);
    expect(b).toBe(a); // a lost answer cannot turn into a second entry
  });

  it('back goes to /app/diary and keeps the draft', async () => {
    await openForm();
    await userEvent.type(content(), 'Недописанное');
    await userEvent.click(screen.getByRole('button', { name: /К дневнику/ }));
    await waitFor(() => expect(currentPath()).toBe('/app/diary'));
    expect(storedDrafts()[0]!.content).toBe('Недописанное');
  });

  it('back while saving is allowed: the draft keeps its client id, so saving it later returns the same entry', async () => {
    create.mockReturnValueOnce(new Promise(() => {})).mockResolvedValue(entry(1));
    const view = await openForm();
    await userEvent.type(content(), 'Отправлено и брошено');
    await userEvent.click(save());
    expect(save()).toHaveTextContent('Сохранение...');
    await userEvent.click(screen.getByRole('button', { name: /К дневнику/ }));
    await waitFor(() => expect(currentPath()).toBe('/app/diary'));
    expect(storedDrafts()[0]).toMatchObject({ content: 'Отправлено и брошено', submitted: true });
    view.unmount();
    await openForm();
    await userEvent.click(save());
    await waitFor(() => expect(create).toHaveBeenCalledTimes(2));
    expect(create.mock.calls[1]![0].client_id).toBe(create.mock.calls[0]![0].client_id);
  });
});

describe('new entry: a save the plan or the limit refuses (402)', () => {
  it.each([
    ['not_available', 'Дневник недоступен', 'Улучшить тариф'],
    ['limit_reached', 'Дневной лимит исчерпан', 'Посмотреть тарифы'],
  ] as const)('%s → the «%s» dialog, with everything typed kept', async (refusal, dialogTitle, button) => {
    create.mockRejectedValue(Object.assign(new Error('402'), { refusal }));
    await openForm({ mood: 'good' });
    await userEvent.type(content(), 'Целая запись, набранная до отказа');
    await userEvent.click(save());
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(dialogTitle)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: button })).toBeInTheDocument();
    expect(toast).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Позже' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(content()).toHaveValue('Целая запись, набранная до отказа');
    expect(screen.getByRole('radio', { name: 'Хорошее' })).toHaveAttribute('aria-checked', 'true');
    expect(storedDrafts()[0]!.content).toBe('Целая запись, набранная до отказа');
    expect(currentPath()).toBe('/app/diary/new');
  });
});

describe('new entry drafts: nothing typed is lost', () => {
  it('a mood from home lands on top of the plain draft instead of replacing it', async () => {
    localStorage.setItem(KEY, JSON.stringify([plainDraft()]));
    await openForm({ mood: 'bad' });
    expect(title()).toHaveValue('Черновик');
    expect(content()).toHaveValue('Начатый текст');
    expect(screen.getByRole('radio', { name: 'Плохое' })).toHaveAttribute('aria-checked', 'true');
  });

  it('a chat suggestion gets its own draft; the plain draft stays as it was', async () => {
    localStorage.setItem(KEY, JSON.stringify([plainDraft()]));
    const suggestion = { suggestedContent: 'Совет из чата', sourceType: 'ai_suggestion', sourceId: 'chat-1' };
    const view = await openForm(suggestion);
    expect(content()).toHaveValue('Совет из чата');
    await userEvent.type(content(), ' и мой ответ');
    expect(storedDrafts().map((d) => [d.basis, d.content])).toEqual([
      ['', 'Начатый текст'],
      [basisOf(suggestion as never), 'Совет из чата и мой ответ'],
    ]);
    view.unmount();
    await openForm();
    expect(content()).toHaveValue('Начатый текст');
  });

  it('drafts are per Telegram user: another account on the device does not see them', async () => {
    const anna = await openForm();
    await userEvent.type(content(), 'Личное');
    anna.unmount();
    const other = { first_name: 'Борис', telegram_id: 43 };
    const boris = await openForm(undefined, other);
    expect(content()).toHaveValue('');
    boris.unmount();
    await openForm();
    expect(content()).toHaveValue('Личное');
  });

  it('a corrupt stored draft keeps its text and drops what the server would refuse', async () => {
    create.mockResolvedValue(entry(1));
    localStorage.setItem(
      KEY,
      JSON.stringify([plainDraft({ source: { source_type: 'robot' }, clientId: 'x', mood: 'awful' })]),
    );
    await openForm();
    expect(content()).toHaveValue('Начатый текст');
    await userEvent.click(save());
    await waitFor(() => expect(currentPath()).toBe('/app/diary'));
    expect(create).toHaveBeenCalledWith({
      title: 'Черновик',
      content: 'Начатый текст',
      mood: null,
      is_favorite: false,
      client_id: expect.stringMatching(UUID),
    });
  });

  describe('when localStorage throws', () => {
    afterEach(() => {
      vi.restoreAllMocks();
      safeStorage.remove(KEY); // storage works again: drop the session copy safeStorage kept in memory
    });

    it('the form still opens, keeps what is typed and saves', async () => {
      const refuse = () => {
        throw new DOMException('denied', 'SecurityError');
      };
      vi.spyOn(Storage.prototype, 'getItem').mockImplementation(refuse);
      vi.spyOn(Storage.prototype, 'setItem').mockImplementation(refuse);
      vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(refuse);
      create.mockResolvedValue(entry(1));
      await openForm({ mood: 'good' });
      await userEvent.type(content(), 'Без хранилища');
      expect(content()).toHaveValue('Без хранилища');
      await userEvent.click(save());
      await waitFor(() => expect(currentPath()).toBe('/app/diary'));
      expect(create).toHaveBeenCalledWith(expect.objectContaining({ content: 'Без хранилища', mood: 'good' }));
    });
  });
});

describe('newClientId', () => {
  const real = globalThis.crypto;
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['crypto.randomUUID', () => {}],
    [
      'getRandomValues where randomUUID is missing (older WebViews, plain http)',
      () => vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array) => real.getRandomValues(a) }),
    ],
  ])('makes distinct version-4 UUIDs the server accepts: %s', (_name, setup) => {
    setup();
    const ids = Array.from({ length: 200 }, newClientId);
    for (const id of ids) {
      expect(id).toMatch(UUID);
      expect(id).toMatch(CLIENT_ID_PATTERN);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });
});
