import type { ReactNode } from 'react';
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

/** The four auth error screens, each with «Повторить». */
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
    />
  );
}
