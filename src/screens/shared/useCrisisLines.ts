// The crisis lines for a screen that shows them: the device's copy now, the server's list once it arrives
// (src/api/safety.ts keeps both; nothing here fetches or stores).
import { useSyncExternalStore } from 'react';
import { crisisLinesStore, type CrisisLines } from '../../api/safety';

export function useCrisisLines(): CrisisLines {
  return useSyncExternalStore(crisisLinesStore.subscribe, crisisLinesStore.get);
}
