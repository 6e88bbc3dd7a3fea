// Home's call as its machine names it (loadSummary), ready for useFlow.
import { fromPromise } from 'xstate';
import type { HomeSummary } from '../../contract/home';
import { getHomeSummary, takeHomeSummary } from './home';

export const homeActors = {
  /** The entry's early request when this launch opened on home, else a fresh one. */
  loadSummary: fromPromise<HomeSummary, void>(() => takeHomeSummary() ?? getHomeSummary()),
};
