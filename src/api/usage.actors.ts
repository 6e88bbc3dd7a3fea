// Today's usage as the gates name it (loadUsage), ready for useFlow.
import { fromPromise } from 'xstate';
import { getUsage, type UsageInfo } from './usage';

export const usageActors = {
  loadUsage: fromPromise<UsageInfo | null, void>(() => getUsage()),
};
