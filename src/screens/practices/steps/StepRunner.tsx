// The runner every step practice is played by: its machine bound with the user's drafts (one store per Telegram
// user, src/screens/practices/steps/stepDraftStorage.ts) and a client id generator; a draft from last time offered
// back; then each step as a StepForm — the practice's words from src/copy/steps.ts, the answer fields the view model
// lists, and whatever the practice shows beside them (`extra`: the wishes so far, the states to choose from, the
// wheel) — with the helplines above it whenever an answer signals a risk of suicide or self-harm. Finishing hands
// the session the answers (a StepResult) for the rating and the diary. The menu (⋯) offers «Завершить без
// сохранения»: confirmed, the draft goes and the session leaves as its back button does (which keeps the draft).
// Telegram's Back is the machine's BACK while the practice is on screen: a step back, or out from the first step.
import { useEffect, useMemo, type ReactNode } from 'react';
import type { AnyStateMachine, SnapshotFrom } from 'xstate';
import type { StepsView } from '../../../../machines/practices/steps/step-flow';
import type { StepPracticeId, StepProgress } from '../../../../machines/practices/steps/step-practices';
import { useAuthView } from '../../../auth/AuthProvider';
import { stepQuitMachine, stepQuitView } from '../../../../machines/practices/steps/step-quit.machine';
import { ConfirmSheet } from '../../../components/ConfirmSheet';
import { CrisisHelp } from '../../../components/CrisisHelp';
import { useCrisisLines } from '../../shared/useCrisisLines';
import { EarlyFinishMenu } from '../../../components/practices/EarlyFinishMenu';
import { DraftOffer } from '../../../components/practices/DraftOffer';
import { StepForm } from '../../../components/practices/StepForm';
import { stepPracticesCopy, stepsCopy } from '../../../copy/steps';
import { useFlow } from '../../../flow/useFlow';
import { newClientId } from '../../../lib/clientId';
import type { RunnerProps } from '../runners';
import { crisisCopy } from '../../../copy/crisis';
import { stepDraftEffects, stepDraftStore } from './stepDraftStorage';
import type { StepResult } from './stepResult';

/** What `extra` may do: write an answer, or send the machine another event (the wheel's RATE). */
export interface StepControls {
  write: (field: string, value: string) => void;
  send: (event: { type: string; [key: string]: unknown }) => void;
}

export interface StepRunnerProps<M extends AnyStateMachine> extends RunnerProps {
  machine: M;
  view: (snapshot: SnapshotFrom<M>) => StepsView;
  /** What a step shows above its answer fields. */
  extra?: (view: StepsView, controls: StepControls) => ReactNode;
  /** Fields `extra` shows itself (a choice instead of a text box). */
  ownFields?: readonly string[];
}

interface WordsOf {
  steps: Record<string, { title: string; hint: string; needs: string }>;
  fields: Record<string, { label: string; placeholder: string }>;
}

export function StepRunner<M extends AnyStateMachine>({
  practice,
  onFinish,
  onLeave,
  claimBack,
  machine,
  view: connect,
  extra,
  ownFields = [],
}: StepRunnerProps<M>) {
  const id = practice.id as StepPracticeId;
  const user = useAuthView().user?.telegram_id;
  const owner = typeof user === 'number' ? user : null;
  const drafts = useMemo(() => stepDraftEffects(stepDraftStore(owner), id), [owner, id]);
  const { view, send } = useFlow(machine, connect, {
    input: { newClientId } as never,
    actors: drafts.actors as never,
    actions: {
      ...drafts.actions,
      finish: (_: unknown, progress: StepProgress) => onFinish({ practice: id, progress, owner } satisfies StepResult),
      leave: () => onLeave(),
    },
  });
  const words = stepPracticesCopy[id] as unknown as WordsOf;
  const crisisLines = useCrisisLines();
  const emit = send as StepControls['send'];
  useEffect(() => {
    claimBack(() => emit({ type: 'BACK' }));
    return () => claimBack(null);
  }, [claimBack, emit]);
  // «Завершить без сохранения»: the menu and its confirmation; «Удалить» is the step machine's DISCARD.
  const quit = useFlow(stepQuitMachine, stepQuitView, { actions: { discard: () => emit({ type: 'DISCARD' }) } });
  const controls: StepControls = {
    write: (field, value) => emit({ type: 'FIELD.CHANGE', field, value }),
    send: emit,
  };

  if (view.status === 'offer') {
    const offer = stepsCopy.offer;
    return (
      <DraftOffer
        title={offer.title}
        text={view.sentToDiary ? offer.notSaved : offer.text}
        note={offer.restartNote}
        continueLabel={offer.continue}
        restartLabel={offer.restart}
        onContinue={() => emit({ type: 'CONTINUE' })}
        onRestart={() => emit({ type: 'RESTART' })}
      />
    );
  }
  if (view.status !== 'step' || !view.step) return null;

  const step = words.steps[view.step]!;
  const quitCopy = stepsCopy.quit;
  return (
    <>
      <EarlyFinishMenu
        open={quit.view.menuOpen}
        onOpen={() => quit.send({ type: 'MENU.OPEN' })}
        onClose={() => quit.send({ type: 'MENU.CLOSE' })}
        onFinishEarly={() => quit.send({ type: 'QUIT' })}
        finishLabel={quitCopy.menuItem}
      />
      <ConfirmSheet
        open={quit.view.confirming}
        title={quitCopy.title}
        text={quitCopy.text}
        confirmLabel={quitCopy.confirm}
        cancelLabel={quitCopy.cancel}
        onConfirm={() => quit.send({ type: 'QUIT.CONFIRM' })}
        onCancel={() => quit.send({ type: 'QUIT.CANCEL' })}
      />
      <CrisisHelp show={view.atRisk} text={crisisCopy.steps} lines={crisisLines} />
      <StepForm
        progress={view.of > 1 ? stepsCopy.step(view.number, view.of) : undefined}
        title={step.title}
        hint={step.hint}
        stepKey={view.step}
        fields={view.fields
          .filter((f) => !ownFields.includes(f.field))
          .map((f) => ({
            field: f.field,
            label: words.fields[f.field]!.label,
            placeholder: words.fields[f.field]!.placeholder,
            value: (view.answers as Record<string, string>)[f.field]!,
            max: f.max,
          }))}
        onChange={controls.write}
        nextLabel={view.isLast ? stepsCopy.finish : stepsCopy.next}
        canNext={view.canNext}
        needs={step.needs}
        onNext={() => emit({ type: 'NEXT' })}
        backLabel={stepsCopy.back}
        onBack={view.canBack ? () => emit({ type: 'PREVIOUS' }) : undefined}
        counter={stepsCopy.counter}
      >
        {extra?.(view, controls)}
      </StepForm>
    </>
  );
}
