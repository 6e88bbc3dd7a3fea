import { StatusScreen } from '../../components/StatusScreen';
import { authCopy, type AuthErrorKind } from '../../copy/auth';
import { haptic } from '../../telegram/haptic';

const ICONS: Record<AuthErrorKind, string> = {
  noInitData: '📱',
  network: '📡',
  auth: '🔒',
  other: '⚠️',
};

/** The four auth error screens of spec §2, each with «Повторить». */
export function AuthErrorScreen({ kind, onRetry }: { kind: AuthErrorKind; onRetry: () => void }) {
  const copy = authCopy.errors[kind];
  return (
    <StatusScreen
      icon={ICONS[kind]}
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
