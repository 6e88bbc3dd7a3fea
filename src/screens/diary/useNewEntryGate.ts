// The new-entry gate with the app's effects, for every button that opens the form ('Новая запись' and
// 'Создать первую запись' in the diary, 'Записать' on home's quick mood card): one machine; its refusals open the
// app's upgrade dialog.
import { useMemo } from 'react';
import { newEntryGateMachine, newEntryGateView } from '../../../machines/diary/new-entry-gate.machine';
import type { NewEntryPrefill } from '../../../machines/diary/new-entry-draft';
import { usageActors } from '../../api/usage.actors';
import { useFlow } from '../../flow/useFlow';

export interface NewEntryGate {
  /** Checks the plan and today's limit, then opens the form (with `prefill` as its navigation state) or the dialog. */
  press(prefill?: NewEntryPrefill): void;
  /** While usage loads: the button is disabled. */
  checking: boolean;
}

export function useNewEntryGate(): NewEntryGate {
  const { view, send } = useFlow(newEntryGateMachine, newEntryGateView, { actors: usageActors });
  return useMemo(
    () => ({ press: (prefill) => send({ type: 'PRESS', prefill }), checking: view.checking }),
    [send, view.checking],
  );
}
