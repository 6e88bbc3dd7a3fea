// /app/profile/subscription: binds the plan-selection machine. PREMIUM is the featured card, the others follow in a
// grid that is one column on a phone; back (Telegram's BackButton or our own link) goes to the profile.
import styled from 'styled-components';
import { planSelectionMachine, planSelectionView } from '../../../machines/billing/plan-selection.machine';
import { billingActors } from '../../api/billing.actors';
import { PlanCard } from '../../components/billing/PlanCard';
import { Button } from '../../components/Button';
import { ErrorState } from '../../components/ErrorState';
import { Page } from '../../components/Page';
import { Spinner } from '../../components/Spinner';
import { billingCopy, formatDay } from '../../copy/billing';
import { commonCopy } from '../../copy/common';
import { useFlow } from '../../flow/useFlow';
import { haptic } from '../../telegram/haptic';
import { useBackButton } from '../../telegram/useBackButton';

const copy = billingCopy.plans;

// One column on a phone (issue 24: two squeezed the prices and the period buttons); two side by side only where each
// gets 20rem — a tablet or a desktop Telegram (docs/decisions/0226).
const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 20rem), 1fr));
  gap: ${({ theme }) => theme.space(3)};
`;

const Center = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space(10)} 0;
`;

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.subtitle};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const TrialNote = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.tint(theme.color.button, 12)};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const BackLink = styled(Button)`
  align-self: flex-start;
  padding-left: 0;
`;

export default function PlansScreen() {
  const { view, send } = useFlow(planSelectionMachine, planSelectionView, { actors: billingActors });
  const nativeBack = useBackButton(() => send({ type: 'BACK' }));
  const card = (c: NonNullable<typeof view.featured>) => (
    <PlanCard
      key={c.id}
      card={c}
      onPeriod={(months) => {
        haptic.select();
        send({ type: 'PERIOD.SELECT', tier: c.id, months });
      }}
      onChoose={() => {
        haptic.tap();
        send({ type: 'CHOOSE', tier: c.id });
      }}
    />
  );

  return (
    <Page title={copy.title}>
      {nativeBack ? null : (
        <BackLink $variant="plain" onClick={() => send({ type: 'BACK' })}>
          ← {commonCopy.back}
        </BackLink>
      )}
      {view.status === 'loading' ? (
        <Center>
          <Spinner />
        </Center>
      ) : null}
      {view.status === 'error' ? (
        <ErrorState message={copy.loadError} retryLabel={copy.retry} onRetry={() => send({ type: 'RETRY' })} />
      ) : null}
      {view.status === 'ready' ? (
        <>
          {view.trial ? <TrialNote>{copy.trial(formatDay(view.trial.expiresAt))}</TrialNote> : null}
          {view.featured ? card(view.featured) : null}
          <Grid>{view.others.map(card)}</Grid>
          {copy.notes.map((n) => (
            <Note key={n}>{n}</Note>
          ))}
        </>
      ) : null}
    </Page>
  );
}
