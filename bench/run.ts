// `npm run bench`: every benchmark, in order — the client bundle and its first load on a slow phone (CLIENT), the API
// (SERVER), the diary (DIARY), home's summary, the chat, the offline assistant's words, voice input, the fault run
// of two instances (faults), the safety detector.
// Benchmarks print figures; nothing here is a pass/fail test (budgets are compared and reported by each bench).
// Each bench runs in a child process of its own, so one's memory (the Vite build of the bundle bench holds
// hundreds of MB) does not show up in the next one's RSS figures. `tsx bench/run.ts <name>` runs one in-process,
// importing only that bench: the API bench reports the RSS of the process its server runs in, which must not
// carry Vite or Playwright loaded for the other benches (that added ≈80 MB to the PGlite figure).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from '../server/start/client-build';

const benches: Record<string, () => Promise<unknown>> = {
  bundle: async () => (await import('./bundle')).benchBundle(),
  'home-load': async () => (await import('./home-load')).benchHomeLoad(),
  api: async () => (await import('./api')).benchApi(),
  diary: async () => (await import('./diary')).benchDiary(),
  home: async () => (await import('./home')).benchHome(),
  'diary-scroll': async () => (await import('./diary-scroll')).benchDiaryScroll(),
  chat: async () => (await import('./chat')).benchChat(),
  'offline-assistant': async () => (await import('./offline-assistant')).benchOfflineAssistant(),
  voice: async () => (await import('./voice')).benchVoice(),
  faults: async () => (await import('./faults')).benchFaults(),
  safety: async () => (await import('./safety')).benchSafety(),
};

const only = process.argv[2];
if (only) {
  const run = benches[only];
  if (!run) {
    console.error(`unknown bench "${only}" (one of: ${Object.keys(benches).join(', ')})`);
    process.exit(2);
  }
  try {
    await run();
    process.exit(0);
  } catch (err) {
    console.error(`bench ${only} failed:`, err);
    process.exit(1);
  }
}

const failed: string[] = [];
for (const name of Object.keys(benches)) {
  console.log(`\n=== bench: ${name} ===`);
  const child = spawnSync(join(ROOT, 'node_modules', '.bin', 'tsx'), [fileURLToPath(import.meta.url), name], {
    stdio: 'inherit',
  });
  if (child.status !== 0) failed.push(name);
}
if (failed.length) console.error(`\nbench failed: ${failed.join(', ')}`);
process.exit(failed.length ? 1 : 0);
