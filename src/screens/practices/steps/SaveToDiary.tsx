// A step practice's finish extra (beside «Как вам практика?»): «Сохранить в дневник» makes what the person wrote one
// diary entry — the practice's name, the answers laid out (stepDiaryEntry.ts), this session as the source — through
// the diary's plan and daily limit (the upgrade dialog when they say no). The answers stay in the draft until the
// entry is confirmed; and once the session is completed the draft goes, unless a save was tried and not confirmed
// for a reason that may pass (today's limit, a failure).
import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { saveToDiaryMachine, saveToDiaryView } from '../../../../machines/practices/steps/save-to-diary.machine';
import { answersAtRisk } from '../../../../machines/practices/steps/step-flow';
import { diaryActors } from '../../../api/diary.actors';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { CrisisHelp } from '../../../components/CrisisHelp';
import { useCrisisLines } from '../../shared/useCrisisLines';
import { Svg } from '../../../components/icons';
import { stepsCopy } from '../../../copy/steps';
import { useFlow } from '../../../flow/useFlow';
import { haptic } from '../../../telegram/haptic';
import type { FinishExtraProps } from '../runners';
import { crisisCopy } from '../../../copy/crisis';
import { stepDiaryEntry } from './stepDiaryEntry';
import { stepDraftStore } from './stepDraftStorage';
import { stepResultOf, type StepResult } from './stepResult';

const copy = stepsCopy.diary;

const Box = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  text-align: left;
  p {
    margin: 0;
  }
`;

const Note = styled.p`
  color: ${({ theme }) => theme.color.subtitle};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Saved = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  font-weight: 600;
  svg {
    flex: none;
    color: ${({ theme }) => theme.color.accent};
  }
`;

/** The module's FinishExtra: shown for a step practice's result only. */
export function StepFinishExtra({ practice, sessionId, result }: FinishExtraProps) {
  const crisisLines = useCrisisLines();
  const step = stepResultOf(result);
  if (!step) return null;
  return (
    <>
      <CrisisHelp
        show={answersAtRisk(step.progress.answers as Record<string, string>)}
        text={crisisCopy.steps}
        lines={crisisLines}
      />
      <SaveToDiary name={practice.name} sessionId={sessionId} result={step} />
    </>
  );
}

/** The module's sessionCompleted: the practice is finished, its draft goes (unless a diary save is pending). */
export function stepSessionCompleted({ result }: FinishExtraProps) {
  const step = stepResultOf(result);
  if (step) stepDraftStore(step.owner).clearUnlessSubmitted(step.practice);
}

function SaveToDiary({ name, sessionId, result }: { name: string; sessionId: string; result: StepResult }) {
  const store = useMemo(() => stepDraftStore(result.owner), [result.owner]);
  const [body] = useState(() => stepDiaryEntry({ id: result.practice, name }, sessionId, result.progress));
  const { view, send } = useFlow(saveToDiaryMachine, saveToDiaryView, {
    input: { body },
    actors: diaryActors,
    actions: {
      markSubmitted: () => store.markSubmitted(result.practice),
      unmarkSubmitted: () => store.unmarkSubmitted(result.practice),
      clearDraft: () => store.clear(result.practice),
    },
  });

  if (view.status === 'saved') {
    return (
      <Box>
        <Saved role="status">
          <Svg width={20} height={20}>
            <path d="m5 12 5 5 9-10" />
          </Svg>
          {copy.saved}
        </Saved>
      </Box>
    );
  }
  const saving = view.status === 'saving';
  return (
    <Box>
      <p>{copy.text}</p>
      <Button
        $block
        $variant="secondary"
        aria-disabled={saving}
        aria-busy={saving}
        onClick={() => {
          if (saving) return;
          haptic.tap();
          send({ type: 'SAVE' });
        }}
      >
        {saving ? copy.saving : copy.save}
      </Button>
      {view.kept ? <Note role="status">{copy.kept}</Note> : null}
    </Box>
  );
}
