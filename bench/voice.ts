/**
 * Voice input's server-side cost (no budget named; figures for the record):
 *
 * 1. Measuring a recording's duration with mediabunny (server/voice/audio.ts): a minute of Opus as a browser's
 *    MediaRecorder streams WebM, as Ogg and as fragmented MP4 (3 000 packets each), and three seconds of WebM.
 * 2. POST /api/chat/transcribe end to end in-process (app.inject, embedded PGlite in memory), one upload after
 *    another, each a 5 s recording with a client id of its own, against a loopback OpenAI-compatible speech server
 *    that answers at once: multipart read, measuring, the spend transaction, the model call over loopback HTTP
 *    through @ai-sdk/openai, the finishing write and today's usage. The speech server's own time is printed apart.
 *
 * Prints figures with the load average; asserts nothing. Run: `npx tsx bench/voice.ts` (BENCH_VOICE_UPLOADS).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { sign } from '@telegram-apps/init-data-node';
import { buildApp } from '../server/app';
import { overrideDailyLimit } from '../server/billing/plans';
import { migrateDatabase, wrapPglite } from '../server/db';
import { loadConfig } from '../server/config';
import { openDataKeys } from '../server/privacy/keys';
import { measureRecording } from '../server/voice/audio';
import { opusMp4, opusOgg, opusWebm } from '../tests/support/opus-audio';
import { startSttServer } from '../tests/support/stt-server';
import { loadAverage, runIfMain } from './support';

const UPLOADS = Number(process.env.BENCH_VOICE_UPLOADS ?? 200);
const BOT_TOKEN = '7000000004:voice-bench-token';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const summary = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 0.5).toFixed(2)} ms, p99 ${percentile(sorted, 0.99).toFixed(2)} ms`;
};

async function benchParsing() {
  const files: Record<string, Uint8Array> = {
    'WebM as MediaRecorder writes it, 60 s': await opusWebm(3000, { live: true }),
    'Ogg, 60 s': opusOgg(3000),
    'fragmented MP4, 60 s': await opusMp4(3000, { fragmented: true }),
    'WebM as MediaRecorder writes it, 3 s': await opusWebm(150, { live: true }),
  };
  console.log(
    `\nDuration from the audio (mediabunny), 300 runs each after 50 of warm-up; load average ${loadAverage()}`,
  );
  for (const [name, bytes] of Object.entries(files)) {
    for (let i = 0; i < 50; i++) await measureRecording(bytes);
    const times: number[] = [];
    for (let i = 0; i < 300; i++) {
      const start = performance.now();
      await measureRecording(bytes);
      times.push(performance.now() - start);
    }
    console.log(`  ${name} (${(bytes.length / 1024).toFixed(1)} KB): ${summary(times)}`);
  }
}

async function benchRoute() {
  const sttTimes: number[] = [];
  const stt = await startSttServer(() => ({ text: 'Мне тревожно перед экзаменом' }));
  const database = wrapPglite(await PGlite.create());
  await migrateDatabase(database);
  const config = loadConfig({
    BOT_TOKEN,
    LOG_LEVEL: 'silent',
    DATA_DIR: join(tmpdir(), 'unused'),
    RATE_LIMIT_PER_MINUTE: '0',
    STT_BASE_URL: stt.url,
    STT_MODEL: 'whisper-large-v3',
  });
  overrideDailyLimit('START', 'voice_seconds', 1_000_000); // every upload is charged, none refused
  await openDataKeys(database, config); // the transcript is sealed with the user's key, as the server's start opens
  const app = await buildApp({ database, config });
  await app.ready();
  const headers = {
    'x-init-data': sign({ user: { id: 9_400_001, first_name: 'Бенч' } } as never, BOT_TOKEN, new Date()),
  };
  const audio = opusOgg(250);
  const upload = async (i: number) => {
    const form = new FormData();
    form.append('client_id', `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    form.append('audio', new Blob([audio], { type: 'audio/ogg' }), 'recording.ogg');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const payload = Buffer.from(await request.arrayBuffer());
    const start = performance.now();
    const sttBefore = stt.requests.length;
    const res = await app.inject({
      method: 'POST',
      url: '/api/chat/transcribe',
      headers: { ...headers, 'content-type': request.headers.get('content-type')! },
      payload,
    });
    if (res.statusCode !== 200 || stt.requests.length !== sttBefore + 1) throw new Error(`upload ${i}: ${res.body}`);
    return performance.now() - start;
  };
  // The speech server's own round trip, the same SDK call alone, for "all but the model".
  const { speechModel, transcribeSpeech } = await import('../server/voice/stt');
  const model = speechModel(config)!;
  for (let i = 0; i < 20; i++) await upload(100_000 + i);
  for (let i = 0; i < 20; i++) await transcribeSpeech(model, audio, AbortSignal.timeout(5000));
  const times: number[] = [];
  for (let i = 0; i < UPLOADS; i++) times.push(await upload(i));
  for (let i = 0; i < UPLOADS; i++) {
    const start = performance.now();
    await transcribeSpeech(model, audio, AbortSignal.timeout(5000));
    sttTimes.push(performance.now() - start);
  }
  console.log(
    `\nPOST /api/chat/transcribe, ${UPLOADS} uploads of 5 s one after another (PGlite in memory); load average ${loadAverage()}`,
  );
  console.log(`  the whole request: ${summary(times)}`);
  console.log(`  of which the SDK's call to the loopback speech server alone: ${summary(sttTimes)}`);
  await app.close();
  await database.close();
  await stt.close();
}

export async function benchVoice() {
  await benchParsing();
  await benchRoute();
}

runIfMain(import.meta.url, benchVoice);
