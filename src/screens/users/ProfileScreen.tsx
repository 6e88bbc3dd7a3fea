// /app/profile: binds the profile, trial and renewal machines. The header, the subscription card (with today's usage and
// «Улучшить тариф»), the trial offer and its sheet, the menu rows, the version. The trial, once activated, hands its
// subscription to the profile flow (TRIAL.ACTIVATED), which shows PREMIUM and fetches it again.
import styled from 'styled-components';
import type { Subscription } from '../../../contract/billing';
import { paths } from '../../../machines/paths';
import { profileMachine, profileView } from '../../../machines/users/profile.machine';
import { renewalMachine, renewalView } from '../../../machines/billing/renewal.machine';
import { trialMachine, trialView } from '../../../machines/billing/trial.machine';
import { trialActors } from '../../api/billing.actors';
import { profilePageActors } from '../../api/profile-page.actors';
import { ErrorState } from '../../components/ErrorState';
import { Page } from '../../components/Page';
import { PageSpinner } from '../../components/PageSpinner';
import { MenuRows } from '../../components/users/MenuRows';
import { ProfileHeader } from '../../components/users/ProfileHeader';
import { SubscriptionCard } from '../../components/billing/SubscriptionCard';
import { TrialCard } from '../../components/billing/TrialCard';
import { TrialSheet } from '../../components/billing/TrialSheet';
import { profileCopy } from '../../copy/users';
import { useFlow } from '../../flow/useFlow';
import { haptic } from '../../telegram/haptic';

const Version = styled.p`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  text-align: center;
  color: ${({ theme }) => theme.color.hint};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

export default function ProfileScreen() {
  const profile = useFlow(profileMachine, profileView, { actors: profilePageActors });
  const trial = useFlow(trialMachine, trialView, {
    actors: trialActors,
    actions: {
      trialActivated: (_: unknown, { subscription }: { subscription: Subscription }) =>
        profile.send({ type: 'TRIAL.ACTIVATED', subscription }),
    },
  });
  const renewal = useFlow(renewalMachine, renewalView, {
    actors: trialActors,
    actions: {
      renewalChanged: (_: unknown, { subscription }: { subscription: Subscription }) => {
        haptic.success();
        profile.send({ type: 'RENEWAL.CHANGED', subscription });
      },
    },
  });
  const { status, user, plan, usage, canUpgrade, failed } = profile.view;

  return (
    <Page title={profileCopy.title}>
      {status === 'loading' ? <PageSpinner /> : null}
      {status === 'error' ? (
        <ErrorState
          title={profileCopy.loadError}
          message={failed.map((part) => profileCopy.partErrors[part]).join('. ')}
          retryLabel={profileCopy.retry}
          onRetry={() => profile.send({ type: 'RETRY' })}
        />
      ) : null}
      {status === 'ready' && user && plan && usage ? (
        <>
          <ProfileHeader user={user} />
          <SubscriptionCard
            plan={plan}
            usage={usage}
            canUpgrade={canUpgrade}
            renewal={{
              ...renewal.view,
              onCancel: () => {
                haptic.tap();
                renewal.send({ type: 'CANCEL' });
              },
              onResume: () => {
                haptic.tap();
                renewal.send({ type: 'RESUME' });
              },
            }}
          />
          {trial.view.offered ? (
            <TrialCard
              onOpen={() => {
                haptic.tap();
                trial.send({ type: 'OPEN' });
              }}
            />
          ) : null}
          <MenuRows
            label={profileCopy.menu.label}
            rows={[
              { to: paths.settings, text: profileCopy.menu.settings },
              { to: paths.help, text: profileCopy.menu.help },
              { to: paths.safetyPlan, text: profileCopy.menu.safetyPlan, state: { from: paths.profile } },
            ]}
          />
          <Version>{profileCopy.version}</Version>
        </>
      ) : null}
      <TrialSheet
        open={trial.view.sheetOpen}
        activating={trial.view.activating}
        failed={trial.view.failed}
        detail={trial.view.detail}
        onActivate={() => {
          haptic.tap();
          trial.send({ type: 'ACTIVATE' });
        }}
        onDismiss={() => trial.send({ type: 'DISMISS' })}
      />
    </Page>
  );
}
