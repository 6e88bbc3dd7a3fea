// Voice input on both databases: POST /api/chat/transcribe with real Opus recordings the test makes (WebM as a
// MediaRecorder streams it, Ogg built by hand, MP4), against a real OpenAI-compatible speech server on loopback
// (tests/support/stt-server.ts) through the real provider code. The duration comes from the audio, the seconds are
// spent before the model and given back when it fails, 402 / 415 / 422 / 413 refuse in Russian and spend nothing,
// retries by client_id never pay twice, and a server without STT_BASE_URL says so (users/me and 503).
import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UsageInfo } from '../../contract/billing';
import type { TranscribeResponse } from '../../contract/voice';
import { VOICE_MAX_BYTES } from '../../contract/voice-limits';
import { spendDaily } from '../../server/billing/quota';
import { dailyUsage, voiceTranscriptions } from '../../server/db/schema';
import { chargedSeconds } from '../../server/voice/audio';
import { VOICE_ERRORS } from '../../server/voice/errors';
import { claimTranscription, refundTranscription } from '../../server/voice/claims';
import { opusMp4, opusOgg, opusWebm } from '../support/opus-audio';
import { startSttServer, type SttServer } from '../support/stt-server';
import { anna, appFactory, boris } from './chat-support';
import { describeEachDatabase, type TestContext, type TgUser } from './harness';

const CLIENT_ID = '6b0f5a8e-2c4d-4e7f-8a9b-1c2d3e4f5a6b';
const SAID = 'Мне сегодня очень тревожно, не могу сосредоточиться';

interface UploadOptions {
  user?: TgUser;
  field?: string;
  filename?: string;
  type?: string;
  clientId?: string;
  /** Text fields besides client_id (e.g. a duration the client claims). */
  fields?: Record<string, string>;
  /** Extra file parts after the recording. */
  extraFiles?: number;
}

/** The multipart body a browser's FormData makes, serialised by the platform (boundary included). */
async function multipartBody(audio: Uint8Array<ArrayBuffer>, o: UploadOptions) {
  const form = new FormData();
  if (o.clientId) form.append('client_id', o.clientId);
  for (const [name, value] of Object.entries(o.fields ?? {})) form.append(name, value);
  form.append(
    o.field ?? 'recording',
    new Blob([audio], { type: o.type ?? 'audio/webm' }),
    o.filename ?? 'recording.webm',
  );
  for (let i = 0; i < (o.extraFiles ?? 0); i++) form.append(`extra${i}`, new Blob([audio]), `extra${i}.webm`);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

function voiceCalls(t: TestContext, app: () => FastifyInstance = () => t.app) {
  return {
    async transcribe(audio: Uint8Array<ArrayBuffer>, o: UploadOptions & { url?: string } = {}) {
      const { payload, contentType } = await multipartBody(audio, o);
      return app().inject({
        method: 'POST',
        url: o.url ?? '/api/voice/transcribe',
        headers: t.headers(o.user ?? anna, { 'content-type': contentType }),
        payload,
      });
    },
    me: (user: TgUser = anna) => app().inject({ method: 'GET', url: '/api/users/me', headers: t.headers(user) }),
    usage: async (user: TgUser = anna) =>
      (
        await app().inject({ method: 'GET', url: '/api/subscriptions/usage', headers: t.headers(user) })
      ).json() as UsageInfo,
  };
}

describeEachDatabase(
  "voice input: POST /api/voice/transcribe (and the spec's /api/chat/transcribe)",
  (t) => {
    const voice = voiceCalls(t);
    const apps = appFactory(t);
    let stt: SttServer;

    beforeAll(async () => {
      stt = await startSttServer();
      sttFor.current = stt;
    });
    afterAll(() => stt.close());
    beforeEach(async () => {
      stt.requests.length = 0;
      stt.abandoned = 0;
      stt.script = () => ({ text: SAID });
      await voice.me(); // the auth hook creates the users
      await voice.me(boris);
      await t.setTier(anna.id, 'PRO'); // 600 voice seconds a day
      await t.setTier(boris.id, 'PRO');
    });
    afterEach(() => apps.closeAll());

    const usedSeconds = async (user: TgUser = anna) => (await voice.usage(user)).voice_seconds_used;
    // Every column but the words, which open only in their user's scope (textOf).
    const { text: _sealed, ...unsealed } = getTableColumns(voiceTranscriptions);
    const rows = async () => t.database.db.select(unsealed).from(voiceTranscriptions);
    const textOf = (user: TgUser, id: string) =>
      t.asUser(user.id, async () => {
        const [row] = await t.database.db
          .select({ text: voiceTranscriptions.text })
          .from(voiceTranscriptions)
          .where(eq(voiceTranscriptions.id, id));
        return row?.text;
      });
    const expectNothingSpent = async () => {
      expect(stt.requests).toHaveLength(0);
      expect(await usedSeconds()).toBe(0);
      expect(await rows()).toEqual([]);
    };

    it("the spec's URL /api/chat/transcribe is the same route: a retry there returns the text, spending nothing", async () => {
      const audio = await opusWebm(250, { live: true });
      const first = await voice.transcribe(audio, { clientId: CLIENT_ID, url: '/api/chat/transcribe' });
      expect(first.statusCode).toBe(200);
      expect((first.json() as TranscribeResponse).text).toBe(SAID);
      const again = await voice.transcribe(audio, { clientId: CLIENT_ID, url: '/api/voice/transcribe' });
      expect(again.statusCode).toBe(200);
      expect((again.json() as TranscribeResponse).text).toBe(SAID);
      expect(stt.requests).toHaveLength(1);
      expect(await usedSeconds()).toBe(5);
    });

    it('the client learns at start that voice input is set up', async () => {
      const me = (await voice.me()).json();
      expect(me).toMatchObject({ telegram_id: anna.id, first_name: 'Анна', capabilities: { voice_input: true } });
    });

    it('a MediaRecorder-style WebM: measured from the audio, charged, transcribed in Russian by the configured model', async () => {
      const audio = await opusWebm(250, { live: true }); // 250 × 20 ms
      const res = await voice.transcribe(audio, { clientId: CLIENT_ID });
      expect(res.statusCode).toBe(200);
      const body = res.json() as TranscribeResponse;
      expect(body.text).toBe(SAID);
      expect(body.usage_info).toMatchObject({ tier: 'PRO', voice_seconds_limit: 600, voice_seconds_used: 5 });
      expect(await usedSeconds()).toBe(5);

      expect(stt.requests).toHaveLength(1);
      const sent = stt.requests[0]!;
      expect(sent).toMatchObject({ model: 'whisper-large-v3', language: 'ru', authorization: 'Bearer sk-stt' });
      expect(sent.file).toMatchObject({ name: 'audio.webm', type: 'audio/webm' });
      expect(Buffer.from(sent.file!.bytes).equals(Buffer.from(audio))).toBe(true);

      const [row] = await rows();
      expect(row).toMatchObject({
        status: 'done',
        seconds: 5,
        clientId: CLIENT_ID,
        userId: await t.userId(anna.id),
      });
      expect(await textOf(anna, row!.id)).toBe(SAID);
    });

    it.each([
      ['Ogg built by hand, 3 s', () => opusOgg(150), 'audio.ogg', 3],
      ['WebM with a duration in its header, 20 s', () => opusWebm(1000), 'audio.webm', 20],
      [
        'fragmented MP4 (Safari), 0.8 s → the least charge, 1 s',
        () => opusMp4(40, { fragmented: true }),
        'audio.m4a',
        1,
      ],
      ['MP4 of 61 s (the recorder stopped a moment late) → 60 s', () => opusMp4(3050), 'audio.m4a', 60],
    ] as const)('%s', async (_name, make, sentAs, charged) => {
      const res = await voice.transcribe(await make(), { filename: 'recording.webm' });
      expect(res.statusCode).toBe(200);
      expect(stt.requests[0]!.file!.name).toBe(sentAs);
      expect(await usedSeconds()).toBe(charged);
    });

    it('the container decides, never the name, the declared type, the field or a duration the client claims', async () => {
      const res = await voice.transcribe(opusOgg(500), {
        field: 'whatever',
        filename: 'voice.mp3',
        type: 'audio/mpeg',
        fields: { duration: '1', seconds: '1' },
      });
      expect(res.statusCode).toBe(200);
      expect(stt.requests[0]!.file!.name).toBe('audio.ogg');
      expect(await usedSeconds()).toBe(10); // (500 × 960 − 312) / 48 000 = 9.9935 s
    });

    it('takes the first file part and ignores later ones', async () => {
      const first = opusOgg(100);
      const res = await voice.transcribe(first, { extraFiles: 2 });
      expect(res.statusCode).toBe(200);
      expect(Buffer.from(stt.requests[0]!.file!.bytes).equals(Buffer.from(first))).toBe(true);
      expect(await usedSeconds()).toBe(2);
    });

    // One test for the three (expect.soft: every failing one is reported), not a fresh database for each.
    it('plain text, a WAV file, an MP3 frame → 415 in Russian, nothing spent', async () => {
      for (const [name, bytes] of [
        ['plain text', new TextEncoder().encode('это не аудио, а текст')],
        ['a WAV file', wavHeader()],
        ['an MP3 frame', Uint8Array.of(0xff, 0xfb, 0x90, 0x64, ...new Uint8Array(400))],
      ] as const) {
        const res = await voice.transcribe(bytes);
        expect.soft([res.statusCode, res.json()], name).toEqual([415, { detail: VOICE_ERRORS.unsupported }]);
      }
      await expectNothingSpent();
    });

    it('a broken, a silent and a too-long recording → 422, nothing spent', async () => {
      const truncated = (await opusWebm(250)).slice(0, 120);
      expect((await voice.transcribe(truncated)).json()).toEqual({ detail: VOICE_ERRORS.unreadable });
      expect((await voice.transcribe(opusOgg(0))).json()).toEqual({ detail: VOICE_ERRORS.empty });
      const long = await voice.transcribe(await opusWebm(3200)); // 64 s
      expect(long.statusCode).toBe(422);
      expect(long.json()).toEqual({ detail: VOICE_ERRORS.tooLong });
      await expectNothingSpent();
    });

    it('bad uploads → 413 / 415 / 422 in Russian, nothing spent', async () => {
      const huge = new Uint8Array(VOICE_MAX_BYTES + 1);
      huge.set(await opusWebm(10));
      const tooLarge = await voice.transcribe(huge);
      expect([tooLarge.statusCode, tooLarge.json()]).toEqual([413, { detail: VOICE_ERRORS.tooLarge }]);

      const tooMany = await voice.transcribe(opusOgg(10), { extraFiles: 3 });
      expect([tooMany.statusCode, tooMany.json()]).toEqual([413, { detail: VOICE_ERRORS.tooManyParts }]);

      const badId = await voice.transcribe(opusOgg(10), { clientId: 'не-uuid' });
      expect([badId.statusCode, badId.json()]).toEqual([422, { detail: 'client_id должен быть UUID' }]);

      const emptyFile = await voice.transcribe(new Uint8Array(0));
      expect([emptyFile.statusCode, emptyFile.json()]).toEqual([422, { detail: VOICE_ERRORS.noFile }]);

      const form = new FormData();
      form.append('client_id', CLIENT_ID);
      const noFile = new Request('http://localhost/', { method: 'POST', body: form });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/chat/transcribe',
        headers: t.headers(anna, { 'content-type': noFile.headers.get('content-type')! }),
        payload: Buffer.from(await noFile.arrayBuffer()),
      });
      expect([res.statusCode, res.json()]).toEqual([422, { detail: VOICE_ERRORS.noFile }]);

      const json = await t.app.inject({
        method: 'POST',
        url: '/api/chat/transcribe',
        headers: t.headers(anna),
        payload: { audio: 'base64…' },
      });
      expect([json.statusCode, json.json()]).toEqual([415, { detail: VOICE_ERRORS.notMultipart }]);

      const raw = await t.app.inject({
        method: 'POST',
        url: '/api/chat/transcribe',
        headers: t.headers(anna, { 'content-type': 'audio/webm' }),
        payload: Buffer.from(await opusWebm(10)),
      });
      expect(raw.statusCode).toBe(415);
      expect(raw.json().detail).toMatch(/[а-яё]/i);
      await expectNothingSpent();
    });

    it('without init data → 401', async () => {
      const { payload, contentType } = await multipartBody(opusOgg(10), {});
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/chat/transcribe',
        headers: { 'content-type': contentType },
        payload,
      });
      expect(res.statusCode).toBe(401);
      await expectNothingSpent();
    });

    it('402 before the model: voice not on the plan (START), or today’s seconds would run out', async () => {
      await t.setTier(anna.id, 'START');
      const start = await voice.transcribe(opusOgg(100));
      expect([start.statusCode, start.json()]).toEqual([
        402,
        { detail: VOICE_ERRORS.notAvailable, code: 'not_available' },
      ]);
      await expectNothingSpent();

      await t.setTier(anna.id, 'PRO');
      t.setDailyLimit('voice_seconds', 'PRO', 10);
      expect((await voice.transcribe(opusOgg(400))).statusCode).toBe(200); // 8 s
      const over = await voice.transcribe(opusOgg(250)); // 5 s more would be 13
      expect([over.statusCode, over.json()]).toEqual([
        402,
        { detail: VOICE_ERRORS.limitReached, code: 'limit_reached' },
      ]);
      expect(stt.requests).toHaveLength(1);
      expect(await usedSeconds()).toBe(8);
      expect((await voice.transcribe(opusOgg(100))).statusCode).toBe(200); // 2 s: exactly the limit
      expect(await usedSeconds()).toBe(10);
      expect((await rows()).map((r) => r.seconds).sort()).toEqual([2, 8]);
    });

    it('concurrent recordings at the edge of the limit never overspend', async () => {
      t.setDailyLimit('voice_seconds', 'PRO', 20);
      const audio = opusOgg(250); // 5 s each
      const results = await Promise.all(Array.from({ length: 6 }, () => voice.transcribe(audio)));
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 200, 200, 200, 402, 402]);
      expect(stt.requests).toHaveLength(4);
      expect(await usedSeconds()).toBe(20);
    });

    it('the model failing → 503 in Russian, after one retry, with every second given back', async () => {
      stt.script = () => ({ status: 500 });
      const res = await voice.transcribe(opusOgg(250), { clientId: CLIENT_ID });
      expect([res.statusCode, res.json()]).toEqual([503, { detail: VOICE_ERRORS.unavailable }]);
      expect(stt.requests).toHaveLength(2); // the SDK's one retry
      expect(await usedSeconds()).toBe(0);
      expect(await rows()).toEqual([]);

      // The client offers the recording again: the same client id, now heard, charged once.
      stt.script = () => ({ text: SAID });
      const again = await voice.transcribe(opusOgg(250), { clientId: CLIENT_ID });
      expect(again.statusCode).toBe(200);
      expect(await usedSeconds()).toBe(5);
    });

    it('silence: the model heard nothing → 422, the seconds given back', async () => {
      stt.script = () => ({ text: '' });
      const res = await voice.transcribe(opusOgg(250));
      expect([res.statusCode, res.json()]).toEqual([422, { detail: VOICE_ERRORS.noSpeech }]);
      expect(await usedSeconds()).toBe(0);
      expect(await rows()).toEqual([]);
    });

    it('a model that never answers is given up at STT_TIMEOUT_MS, and one that is not there at once: 503, refunded', async () => {
      stt.script = () => ({ hang: true });
      const slow = await apps.build({ ...sttEnv(stt), STT_TIMEOUT_MS: '300' });
      const hung = await voiceCalls(t, () => slow).transcribe(opusOgg(250));
      expect([hung.statusCode, hung.json()]).toEqual([503, { detail: VOICE_ERRORS.unavailable }]);
      expect(await usedSeconds()).toBe(0);

      const nowhere = await apps.build({ ...sttEnv(stt), STT_BASE_URL: 'http://127.0.0.1:9/v1' });
      const down = await voiceCalls(t, () => nowhere).transcribe(opusOgg(250));
      expect([down.statusCode, down.json()]).toEqual([503, { detail: VOICE_ERRORS.unavailable }]);
      expect(await usedSeconds()).toBe(0);
      expect(await rows()).toEqual([]);
    });

    it('a retried upload never pays twice: the same recording gets the same text, another one with its id is refused', async () => {
      const audio = opusOgg(250);
      const first = await voice.transcribe(audio, { clientId: CLIENT_ID });
      const again = await voice.transcribe(audio, { clientId: CLIENT_ID });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ ...first.json(), usage_info: expect.objectContaining({ voice_seconds_used: 5 }) });
      expect(stt.requests).toHaveLength(1);
      expect(await usedSeconds()).toBe(5);

      const other = await voice.transcribe(opusOgg(300), { clientId: CLIENT_ID });
      expect([other.statusCode, other.json()]).toEqual([409, { detail: VOICE_ERRORS.otherRecording }]);
      // Another user's id space is their own.
      expect((await voice.transcribe(audio, { clientId: CLIENT_ID, user: boris })).statusCode).toBe(200);
      expect([await usedSeconds(), await usedSeconds(boris)]).toEqual([5, 5]);
    });

    it('five uploads of one recording at once: one transcription, one charge', async () => {
      stt.script = () => ({ text: SAID, delayMs: 300 });
      const audio = opusOgg(250);
      const results = await Promise.all(
        Array.from({ length: 5 }, () => voice.transcribe(audio, { clientId: CLIENT_ID })),
      );
      for (const r of results) {
        if (r.statusCode === 200) expect(r.json().text).toBe(SAID);
        else expect([r.statusCode, r.json()]).toEqual([409, { detail: VOICE_ERRORS.busy }]);
      }
      expect(results.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
      expect(stt.requests).toHaveLength(1);
      expect(await usedSeconds()).toBe(5);
    });

    it('a transcription abandoned by a process that died is taken over by the retry without a second charge', async () => {
      const audio = opusOgg(250);
      const userId = await t.userId(anna.id);
      const claim = await claimTranscription(t.database.db, {
        userId,
        clientId: CLIENT_ID,
        audioSha256: sha256(audio),
        seconds: 5,
        timeZone: 'Europe/Moscow',
        staleAfterMs: 60_000,
      });
      expect(claim.kind).toBe('charged');
      // Right after: the retry is told it is still running.
      expect((await voice.transcribe(audio, { clientId: CLIENT_ID })).statusCode).toBe(409);
      await t.database.db.execute(sql`update voice_transcriptions set updated_at = now() - interval '10 minutes'`);
      const res = await voice.transcribe(audio, { clientId: CLIENT_ID });
      expect(res.statusCode).toBe(200);
      expect(await usedSeconds()).toBe(5);
      expect(stt.requests).toHaveLength(1);
    });

    it('rows live an hour; one left pending that long gives its seconds back', async () => {
      const userId = await t.userId(anna.id);
      await voice.transcribe(opusOgg(100), { clientId: CLIENT_ID }); // done, 2 s
      await claimTranscription(t.database.db, {
        userId,
        clientId: '0d9c8b7a-6f5e-4d3c-9b2a-1f0e9d8c7b6a',
        audioSha256: 'dead',
        seconds: 7,
        timeZone: 'Europe/Moscow',
        staleAfterMs: 60_000,
      }); // charged, never finished
      expect(await usedSeconds()).toBe(9);
      await t.database.db.execute(sql`update voice_transcriptions set updated_at = now() - interval '61 minutes'`);
      await voice.transcribe(opusOgg(150)); // the next upload tidies up: 3 s
      const left = await rows();
      expect(left.map((r) => [r.seconds, r.status])).toEqual([[3, 'done']]);
      expect(await usedSeconds()).toBe(2 + 3);
    });

    it('a refund lands on the day the seconds were spent', async () => {
      await t.setTier(anna.id, 'PRO', null); // still PRO in 2030
      const userId = await t.userId(anna.id);
      const lateEvening = new Date('2030-03-09T20:59:00Z'); // 23:59 in Moscow
      const claim = await claimTranscription(t.database.db, {
        userId,
        clientId: null,
        audioSha256: 'x',
        seconds: 30,
        timeZone: 'Europe/Moscow',
        staleAfterMs: 60_000,
        now: lateEvening,
      });
      if (claim.kind !== 'charged') throw new Error(claim.kind);
      await spendDaily(t.database.db, {
        userId,
        kind: 'voice_seconds',
        amount: 4,
        timeZone: 'Europe/Moscow',
        now: new Date('2030-03-09T21:01:00Z'), // 00:01, the next day
      });
      await refundTranscription(t.database.db, claim.id);
      const days = await t.database.db
        .select({ day: dailyUsage.day, used: dailyUsage.used })
        .from(dailyUsage)
        .where(and(eq(dailyUsage.userId, userId), eq(dailyUsage.kind, 'voice_seconds')))
        .orderBy(dailyUsage.day);
      expect(days).toEqual([
        { day: '2030-03-09', used: 0 },
        { day: '2030-03-10', used: 4 },
      ]);
    });

    it('a client that goes away mid-transcription stops the model call and gets its seconds back', async () => {
      stt.script = () => ({ hang: true });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const { payload, contentType } = await multipartBody(opusOgg(250), {});
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/chat/transcribe',
        headers: { ...t.headers(anna), 'content-type': contentType },
      });
      req.on('error', () => {});
      req.end(payload);
      await until(() => stt.requests.length === 1);
      expect(await usedSeconds()).toBe(5); // spent before the model
      req.destroy();
      await until(() => stt.abandoned === 1);
      await until(async () => (await usedSeconds()) === 0);
      expect(await rows()).toEqual([]);
    });
  },
  { env: () => sttEnv(sttFor.current) },
);

describeEachDatabase('voice input on a server without STT_BASE_URL', (t) => {
  const voice = voiceCalls(t);

  it('users/me says so, and /api/chat/transcribe answers 503 in Russian before reading anything', async () => {
    expect((await voice.me()).json().capabilities).toEqual({ voice_input: false });
    await t.setTier(anna.id, 'PREMIUM');
    const res = await voice.transcribe(opusOgg(250));
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ detail: 'Голосовой ввод пока недоступен', code: 'stt_unconfigured' });
    expect(await voice.usage()).toMatchObject({ voice_seconds_used: 0, voice_seconds_limit: 1800 });
  });
});

describe('chargedSeconds: the duration rounded to the nearest second, at least 1, the recorder’s 60 s at most', () => {
  it.each([
    [0.01, 1],
    [1.49, 1],
    [1.5, 2],
    [4.98, 5],
    [59.6, 60],
    [61.9, 60],
    [62, 60],
    [62.01, null],
  ])('%f s → %s', (measured, charged) => {
    expect(chargedSeconds(measured)).toBe(charged);
  });
});

/** The speech server the file's apps are configured with (set in its beforeAll, read in each beforeEach). */
const sttFor: { current: SttServer | null } = { current: null };
function sttEnv(stt: SttServer | null): Record<string, string> {
  if (!stt) return {};
  return { STT_BASE_URL: stt.url, STT_MODEL: 'whisper-large-v3', STT_API_KEY: 'sk-stt' };
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A RIFF/WAVE header with a few silent samples: audio, but not a container this route takes. */
function wavHeader(): Uint8Array<ArrayBuffer> {
  const wav = new Uint8Array(44 + 400);
  const view = new DataView(wav.buffer);
  wav.set(new TextEncoder().encode('RIFF'), 0);
  view.setUint32(4, wav.length - 8, true);
  wav.set(new TextEncoder().encode('WAVEfmt '), 8);
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, 44_100, true);
  view.setUint32(28, 88_200, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  wav.set(new TextEncoder().encode('data'), 36);
  view.setUint32(40, 400, true);
  return wav;
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}
