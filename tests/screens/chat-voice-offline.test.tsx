// The recorder's sheet is a lazy chunk: when it cannot be fetched (offline), the recording that already started is
// cancelled at once — nobody could stop it without its sheet — the microphone is let go, the chat goes on, and the
// next press tries to fetch the sheet again.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { getUsage } from '../../src/api/usage';
import { transcribeRecording } from '../../src/api/voice';
import { renderChat } from './chat-helpers';
import { mediaStandIns } from './media-stand-ins';
import { usage } from '../machines/chat-fixtures';

vi.mock('../../src/api/chat', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/chat')>()),
  openChat: vi.fn(),
  sendChatMessage: vi.fn(),
}));
vi.mock('../../src/api/usage', () => ({ getUsage: vi.fn() }));
vi.mock('../../src/api/voice', () => ({ transcribeRecording: vi.fn() }));
let fetches = 0;
vi.mock('../../src/screens/chat/VoiceRecorder', () => {
  fetches++;
  throw new TypeError('Failed to fetch dynamically imported module');
});

const media = mediaStandIns();
beforeEach(() => {
  vi.mocked(getUsage).mockResolvedValue({ ...usage(20_000, 0), voice_seconds_limit: 600 });
  media.install();
});
afterEach(() => media.uninstall());

it('an unreachable sheet cancels the recording and lets the microphone go; the next press tries again', async () => {
  await renderChat('/app/chat/new');
  const box = screen.getByRole('textbox', { name: 'Сообщение' });
  await waitFor(() => expect(box).toBeEnabled());
  await waitFor(() => expect(getUsage).toHaveBeenCalled());
  await act(async () => {});
  const mic = () => screen.getByRole('button', { name: 'Записать голосовое сообщение' });

  await userEvent.click(mic());
  await waitFor(() => expect(media.state.tracks.map((t) => t.stopped)).toEqual([true]));
  await userEvent.click(mic());
  await waitFor(() => expect(media.state.tracks.map((t) => t.stopped)).toEqual([true, true]));
  expect(fetches).toBe(2);
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(transcribeRecording).not.toHaveBeenCalled();
  expect(box).toBeEnabled(); // the chat goes on
});
