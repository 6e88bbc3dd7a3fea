// The new-entry gate with the app's effects, for every button that opens the form ('Новая запись' and
// 'Создать первую запись' in the diary, 'Записать' on home's quick mood card): one machine, one upgrade dialog.
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import type { DiaryUsage } from '../../../machines/diary/diary-access';
import { newEntryGateMachine } from '../../../machines/diary/new-entry-gate.machine';
import type { NewEntryPrefill } from '../../../machines/diary/new-entry-draft';
import { getUsage } from '../../api/usage';
import { useUpgradeDialog, type UpgradeDialogRef } from '../shared/UpgradeDialog';

export interface NewEntryGate {
  /** Checks the plan and today's limit, then opens the form (with `prefill` as its navigation state) or the dialog. */
  press(prefill?: NewEntryPrefill): void;
  /** While usage loads: the button is disabled. */
  checking: boolean;
  /** Render `<UpgradeDialog actorRef={upgrade} />` beside the button. */
  upgrade: UpgradeDialogRef;
}

export function useNewEntryGate(): NewEntryGate {
  const navigate = useNavigate();
  const upgrade = useUpgradeDialog();
  const machine = useMemo(
    () =>
      newEntryGateMachine.provide({
        actors: { loadUsage: fromPromise<DiaryUsage | null>(() => getUsage()) },
        actions: {
          navigate: (_, { to, state }) => navigate(to, state ? { state } : undefined),
          openUpgradeDialog: (_, { key }) => upgrade.send({ type: 'OPEN', key }),
        },
      }),
    [navigate, upgrade],
  );
  const gate = useActorRef(machine);
  const checking = useSelector(gate, (s) => s.matches('checking'));
  return useMemo(
    () => ({ press: (prefill) => gate.send({ type: 'PRESS', prefill }), checking, upgrade }),
    [gate, checking, upgrade],
  );
}
