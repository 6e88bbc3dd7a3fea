import type { ReactNode } from 'react';
import { paths } from '../../../machines/paths';
import { RouteLink } from '../../components/RouteLink';
import styled from 'styled-components';
import { StatusScreen } from '../../components/StatusScreen';
import { authCopy, type AuthErrorKind } from '../../copy/auth';
import { haptic } from '../../telegram/haptic';
import { AlertIcon, LockIcon, OfflineIcon, PhoneIcon } from '../../components/icons';

const ICONS: Record<AuthErrorKind, () => ReactNode> = {
  noInitData: PhoneIcon,
  network: OfflineIcon,
  auth: LockIcon,
  other: AlertIcon,
};

// A plain text link (not ButtonLink: its button styles would be one more chunk on the first load), as tall as a
// comfortable touch target.
const PlanLink = styled(RouteLink)`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: 0 12px;
  font-weight: 600;
  text-decoration: none;
`;

/** Errors that say nothing about who the user is: the safety plan still opens, from the device. */
const PLAN_OPENS: ReadonlySet<AuthErrorKind> = new Set(['network', 'other']);

/**
 * The four auth error screens, each with «Повторить»; without the server (no answer, or a server error) also the
 * way to the safety plan, which opens from the device's copy and shows the crisis lines.
 */
export function AuthErrorScreen({ kind, onRetry }: { kind: AuthErrorKind; onRetry: () => void }) {
  const copy = authCopy.errors[kind];
  const Icon = ICONS[kind];
  return (
    <StatusScreen
      icon={<Icon />}
      title={copy.title}
      text={copy.text}
      action={{
        label: authCopy.retry,
        onClick: () => {
          haptic.tap();
          onRetry();
        },
      }}
    >
      {PLAN_OPENS.has(kind) ? <PlanLink to={paths.safetyPlan}>{authCopy.safetyPlan}</PlanLink> : null}
    </StatusScreen>
  );
}
