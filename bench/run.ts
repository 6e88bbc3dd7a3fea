// `npm run bench`: every benchmark, in order — the client bundle (CLIENT), the API (SERVER), the diary (DIARY).
// Benchmarks print figures; nothing here is a pass/fail test (budgets are compared and reported by each bench).
import { benchApi } from './api';
import { benchBundle } from './bundle';
import { benchDiary } from './diary';

const benches: Array<[string, () => Promise<unknown>]> = [
  ['bundle', benchBundle],
  ['api', benchApi],
  ['diary', benchDiary],
];

let failed = false;
for (const [name, run] of benches) {
  console.log(`\n=== bench: ${name} ===`);
  try {
    await run();
  } catch (err) {
    failed = true;
    console.error(`bench ${name} failed:`, err);
  }
}
process.exit(failed ? 1 : 0);
