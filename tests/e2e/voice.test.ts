// Voice input in a real Chromium, end to end: Chromium's fake microphone plays a voice-like WAV file the test makes,
// the app records it with the browser's own getUserMedia, MediaRecorder (webm/Opus) and AnalyserNode, the real server
// measures and charges the recording and sends it through @ai-sdk/openai to an OpenAI-compatible speech server on
// loopback (the e2e server is pointed at it with STT_BASE_URL); the words land in the text box, and are sent from
// there. The server without STT_BASE_URL is tests/e2e/chat.test.ts's: its microphone says voice is not set up.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import type { UsageInfo } from '../../contract/billing';
import { chargedSeconds, measureRecording } from '../../server/voice/audio';
import { startSttServer, type SttServer } from '../support/stt-server';
import {
  expectAccessible,
  expectLayoutHolds,
  openHome,
  setTier,
  signInitData,
  useServerAndBrowser,
  type TgUser,
} from './harness';

const SAID = 'Последние дни плохо сплю и всё время тревожусь';
const TIMEOUT = 15_000;
const shown = (locator: Locator) => locator.waitFor({ state: 'visible', timeout: TIMEOUT });
const vera: TgUser = { id: 5_550_501, first_name: 'Вера', language_code: 'ru' };

// Filled in before the server and the browser start (useServerAndBrowser reads both when its beforeAll runs).
const env: Record<string, string> = {};
const microphone = { file: '' };
let stt: SttServer;
let dir: string;
beforeAll(async () => {
  stt = await startSttServer(() => ({ text: SAID }));
  Object.assign(env, { STT_BASE_URL: stt.url, STT_MODEL: 'whisper-large-v3' });
  dir = mkdtempSync(join(tmpdir(), 'e2e-voice-'));
  microphone.file = join(dir, 'voice.wav');
  writeFileSync(microphone.file, voiceLikeWav(8));
});
afterAll(async () => {
  await stt.close();
  rmSync(dir, { recursive: true, force: true });
});
const e2e = useServerAndBrowser({ env, microphone });

describe('voice input in Chromium', () => {
  it('records the microphone, the server transcribes it, the words land in the box and are sent from there', async () => {
    const page = await openHome(e2e, vera);
    await setTier(e2e.server, vera.id, 'PRO');
    await page
      .getByRole('main')
      .getByRole('link', { name: /Чат с помощником/ })
      .click();
    await page.getByRole('link', { name: 'Новый чат' }).click();
    await page.waitForURL('**/app/chat/new');

    await page.getByRole('button', { name: 'Записать голосовое сообщение' }).click();
    const sheet = page.getByRole('dialog', { name: 'Голосовое сообщение' });
    const timer = sheet.getByRole('timer', { name: 'Время записи' });
    await shown(timer);
    await shown(sheet.getByText('из 1:00'));
    await shown(sheet.getByText('Нажмите чтобы остановить'));
    // The five bars follow the real input level: the file's voice moves them.
    const bars = sheet.getByTestId('voice-levels').locator('span');
    expect(await bars.count()).toBe(5);
    await expect
      .poll(
        async () => new Set(await bars.evaluateAll((els) => els.map((el) => (el as HTMLElement).style.transform))).size,
        {
          timeout: TIMEOUT,
        },
      )
      .toBeGreaterThan(2);
    await expectAccessible(page); // the recording sheet (its moving bars never let the DOM settle for the gate)
    await expectLayoutHolds(page, 'the voice recorder');
    // The clock counts in m:ss. The checks above take seconds of their own, so it may be well past 0:03 by now; it
    // must have reached three seconds and still be under the one-minute limit.
    await expect.poll(() => timer.textContent(), { timeout: TIMEOUT }).toMatch(/^0:(0[3-9]|[1-5]\d)$/);
    const shownAtStop = Number((await timer.textContent())!.slice(2));
    await sheet.getByRole('button', { name: 'Остановить запись' }).click();

    // The words are in the box, not sent: the person reads them first.
    const box = page.getByRole('textbox', { name: 'Сообщение' });
    await expect.poll(() => box.inputValue(), { timeout: TIMEOUT }).toBe(SAID);
    await sheet.waitFor({ state: 'hidden', timeout: TIMEOUT });
    expect(await page.locator('[data-testid=chat-message]').count()).toBe(0);

    // What reached the speech server: Chromium's own webm/Opus recording, as long as the clock showed when it was
    // stopped (a second more for the tap itself), in Russian.
    expect(stt.requests).toHaveLength(1);
    const sent = stt.requests[0]!;
    expect(sent).toMatchObject({ model: 'whisper-large-v3', language: 'ru', authorization: undefined });
    expect(sent.file).toMatchObject({ name: 'audio.webm', type: 'audio/webm' });
    const measured = await measureRecording(sent.file!.bytes);
    expect(measured.seconds).toBeGreaterThan(Math.max(2.5, shownAtStop - 1));
    expect(measured.seconds).toBeLessThan(shownAtStop + 2);
    const usage = (await (
      await fetch(`${e2e.server.url}/api/subscriptions/usage`, { headers: { 'X-Init-Data': signInitData(vera) } })
    ).json()) as UsageInfo;
    expect(usage).toMatchObject({ voice_seconds_limit: 600, voice_seconds_used: chargedSeconds(measured.seconds) });

    // Edited and sent like any typed message; the assistant answers it.
    await box.press('End');
    await box.pressSequentially('.');
    await box.press('Enter');
    await shown(page.locator('[data-testid=chat-message][data-role=user]').getByText(`${SAID}.`));
    await shown(page.locator('[data-testid=chat-message][data-role=assistant]').first());
    await page.waitForURL(/\/app\/chat\/[0-9a-f-]{36}$/);
  });
});

/**
 * A mono 48 kHz WAV that moves like speech for a level meter: a gliding voiced tone whose loudness swells and
 * fades three times a second (a steady tone would be damped by the browser's noise suppression).
 */
function voiceLikeWav(seconds: number, rate = 48_000): Buffer {
  const samples = seconds * rate;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) {
    const t = i / rate;
    const swell = 0.5 * (1 + Math.sin(2 * Math.PI * 3 * t));
    const pitch = 180 + 60 * Math.sin(2 * Math.PI * 0.7 * t);
    const v = 0.3 * swell * (Math.sin(2 * Math.PI * pitch * t) + 0.4 * Math.sin(4 * Math.PI * pitch * t));
    wav.writeInt16LE(Math.round(v * 32_000), 44 + i * 2);
  }
  return wav;
}
