// The help machine's call: the support contact.
import { fromPromise } from 'xstate';
import type { Support } from '../../contract/help';
import { getSupport } from './help';

export const helpActors = {
  loadSupport: fromPromise<Support, void>(() => getSupport()),
};
