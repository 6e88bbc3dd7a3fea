// /app/safety-plan: binds the safety plan machine — the device's copy (this Telegram user's, read before anything
// else, so the plan opens without the server), the server's calls, and the Telegram way of opening a t.me link —
// and renders it: the intro, one step at a time, the summary, how the plan stands with the server, and the crisis
// lines, always. Free on every plan. A full-height page (no tabs) with the native BackButton.
import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { SAFETY_PLAN_LIMITS, isContactStep } from '../../../contract/safety-plan-rules';
import { openedFrom } from '../../../machines/safety-plan/opened-from';
import { hasLine, type PlanEdit } from '../../../machines/safety-plan/plan-edits';
import { safetyPlanMachine, safetyPlanView } from '../../../machines/safety-plan/safety-plan.machine';
import { safetyPlanActors } from '../../api/safety-plan.actors';
import { Button } from '../../components/Button';
import { Page } from '../../components/Page';
import { PageSpinner } from '../../components/PageSpinner';
import { StepForm } from '../../components/practices/StepForm';
import { ContactsEditor } from '../../components/safety-plan/ContactsEditor';
import { CrisisLinesCard } from '../../components/safety-plan/CrisisLinesCard';
import { LinesEditor } from '../../components/safety-plan/LinesEditor';
import { Card, PlainButton } from '../../components/safety-plan/parts';
import { PlanSummary } from '../../components/safety-plan/PlanSummary';
import { safetyPlanCopy as copy } from '../../copy/safety-plan';
import { useFlow } from '../../flow/useFlow';
import { haptic } from '../../telegram/haptic';
import { openExternal } from '../../telegram/links';
import { useBackButton } from '../../telegram/useBackButton';
import { useCrisisLines } from '../shared/useCrisisLines';
import { devicePlanEffects, useDevicePlanOwner } from './devicePlanStorage';

const Scroll = styled.div`
  flex: 1;
  overflow-y: auto;
  overscroll-behavior: contain;
`;

const BackLink = styled(PlainButton)`
  align-self: flex-start;
  padding-left: 0;
`;

const Status = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 1.4em;
  color: ${({ theme }) => theme.color.subtitle};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Points = styled.ul`
  margin: 0;
  padding-inline-start: 1.2em;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
`;

export default function SafetyPlanScreen() {
  const location = useLocation();
  const owner = useDevicePlanOwner();
  const device = useMemo(() => devicePlanEffects(owner), [owner]);
  const { view, send } = useFlow(safetyPlanMachine, safetyPlanView, {
    input: { backTo: openedFrom(location.state) },
    actors: { ...safetyPlanActors, ...device.actors },
    actions: device.actions,
  });
  const lines = useCrisisLines();
  const nativeBack = useBackButton(() => send({ type: 'BACK' }));
  const change = (edit: PlanEdit) => send({ type: 'CHANGE', edit });
  const { screen, plan, step } = view;
  const stepCopy = copy.steps[step];
  // «Пропустить» while the step holds nothing written, «Далее» once it does.
  const written = isContactStep(step)
    ? plan[step].some((c) => c.name.trim() || c.phone.trim() || c.telegram.trim())
    : plan[step].some((line) => line.trim());

  // The step practices' step form, with the plan's editor as what the step shows; every step may be left as it is.
  const stepForm = {
    title: stepCopy.title,
    hint: stepCopy.hint,
    fields: [],
    onChange: () => {},
    canNext: true,
    needs: '',
    backLabel: copy.back,
    counter: () => '',
  };
  const editor = isContactStep(step) ? (
    <ContactsEditor
      contacts={plan[step]}
      canAdd={view.canAdd}
      addLabel={copy.contacts.add[step]}
      namePlaceholder={copy.contacts.namePlaceholder[step]}
      limits={SAFETY_PLAN_LIMITS}
      onAdd={() => change({ kind: 'addContact', step })}
      onChange={(index, field, value) => change({ kind: 'changeContact', step, index, field, value })}
      onRemove={(index) => change({ kind: 'removeContact', step, index })}
      onWrite={openExternal}
    />
  ) : (
    <LinesEditor
      stepTitle={stepCopy.title}
      lines={plan[step]}
      examples={stepCopy.examples.filter((example) => !hasLine(plan, step, example))}
      canAdd={view.canAdd}
      maxLength={SAFETY_PLAN_LIMITS.text}
      onAdd={(text) => change({ kind: 'addLine', step, text })}
      onChange={(index, text) => change({ kind: 'changeLine', step, index, text })}
      onRemove={(index) => change({ kind: 'removeLine', step, index })}
    />
  );

  return (
    <Scroll>
      <Page title={copy.title}>
        {/* Outside Telegram: the page's own back (in the steps after the first, the step's «Назад» is that). */}
        {nativeBack || (screen === 'step' && view.stepNumber > 1) ? null : (
          <BackLink onClick={() => send({ type: 'BACK' })}>
            <span aria-hidden>←</span> {copy.back}
          </BackLink>
        )}
        <Status role="status" aria-label={copy.sync.label}>
          {view.sync === 'loading' && screen !== 'restoring' ? copy.sync.loading : null}
          {view.sync === 'saved' && !view.isEmpty ? copy.sync.saved : null}
          {view.sync === 'saving' ? copy.sync.saving : null}
          {view.sync === 'offline' ? (
            <>
              <span>
                {view.nothingLoaded
                  ? copy.sync.nothingLoaded
                  : view.unsaved
                    ? copy.sync.offlineUnsaved
                    : copy.sync.offline}
              </span>
              <PlainButton
                onClick={() => {
                  haptic.tap();
                  send({ type: 'RETRY' });
                }}
              >
                {copy.sync.retry}
              </PlainButton>
            </>
          ) : null}
        </Status>
        {screen === 'restoring' ? <PageSpinner /> : null}
        {screen === 'intro' ? (
          <Card>
            <p>{copy.intro.lead}</p>
            <Points>
              {copy.intro.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </Points>
            <Button
              $block
              onClick={() => {
                haptic.tap();
                send({ type: 'START' });
              }}
            >
              {copy.intro.start}
            </Button>
          </Card>
        ) : null}
        {screen === 'step' || screen === 'section' ? (
          <StepForm
            {...stepForm}
            progress={screen === 'step' ? copy.stepOf(view.stepNumber, view.stepCount) : undefined}
            stepKey={`${screen}-${step}`}
            nextLabel={
              screen === 'section' ? copy.done : view.isLastStep ? copy.finish : written ? copy.next : copy.skip
            }
            onNext={() => send({ type: screen === 'section' ? 'DONE' : 'NEXT' })}
            onBack={screen === 'step' && view.stepNumber > 1 ? () => send({ type: 'BACK' }) : undefined}
          >
            {editor}
          </StepForm>
        ) : null}
        {screen === 'summary' ? (
          <PlanSummary plan={plan} onEdit={(s) => send({ type: 'OPEN_STEP', step: s })} onWrite={openExternal} />
        ) : null}
        {screen === 'restoring' ? null : <CrisisLinesCard lines={lines} />}
      </Page>
    </Scroll>
  );
}
