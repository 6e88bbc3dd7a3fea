// /app/practices: binds the practice list machine; the grid (1, 2 or 3 columns by width), loading, error with
// «Попробовать снова», empty, the locked-practice sheet, and the thanks after a finished session
// (navigation state completedPractice).
import { useCallback } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { practiceListMachine, practiceListView } from '../../../machines/practices/practice-list.machine';
import { practiceActors } from '../../api/practices.actors';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { IconButton } from '../../components/IconButton';
import { PracticesIcon, Svg } from '../../components/icons';
import { Page } from '../../components/Page';
import { LockedPracticeSheet } from '../../components/practices/LockedPracticeSheet';
import { PracticeCard } from '../../components/practices/PracticeCard';
import { Spinner } from '../../components/Spinner';
import { a11yCopy } from '../../copy/a11y';
import { practicesCopy } from '../../copy/practices';
import { useFlow } from '../../flow/useFlow';
import { haptic } from '../../telegram/haptic';

const Subtitle = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.hint};
`;

/** Spec: 1, 2 or 3 columns by width. */
const Grid = styled.ul`
  display: grid;
  grid-template-columns: 1fr;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;
  @media (min-width: 600px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  @media (min-width: 960px) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const Center = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space(10)} ${({ theme }) => theme.space(4)};
`;

const Thanks = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.tint(theme.color.success, 14)};
  p {
    margin: 0;
  }
  p:first-child {
    font-weight: 600;
  }
  > div {
    flex: 1;
  }
`;

function completedPracticeOf(state: unknown): string | null {
  const name = (state as { completedPractice?: unknown } | null)?.completedPractice;
  return typeof name === 'string' && name ? name : null;
}

export default function PracticeListScreen() {
  const location = useLocation();
  const { view, send } = useFlow(practiceListMachine, practiceListView, {
    input: { completedPractice: completedPracticeOf(location.state) },
    actors: practiceActors,
  });
  const copy = practicesCopy.list;
  const onSelect = useCallback(
    (id: string) => {
      haptic.tap();
      send({ type: 'SELECT', id });
    },
    [send],
  );

  return (
    <Page title={copy.title}>
      <Subtitle>{copy.subtitle}</Subtitle>
      {view.completedPractice ? (
        <Thanks role="status">
          <div>
            <p>{copy.thanksTitle}</p>
            <p>{copy.thanks(view.completedPractice)}</p>
          </div>
          <IconButton label={a11yCopy.close} onClick={() => send({ type: 'THANKS.DISMISS' })}>
            <Svg width={18} height={18}>
              <path d="M6 6l12 12M18 6 6 18" />
            </Svg>
          </IconButton>
        </Thanks>
      ) : null}
      {view.status === 'loading' ? (
        <Center>
          <Spinner />
        </Center>
      ) : view.status === 'error' ? (
        <ErrorState message={copy.error} retryLabel={copy.retry} onRetry={() => send({ type: 'RETRY' })} />
      ) : view.status === 'empty' ? (
        <EmptyState icon={<PracticesIcon />} title={copy.empty} />
      ) : (
        <Grid>
          {view.practices.map((practice) => (
            <li key={practice.id}>
              <PracticeCard practice={practice} onSelect={onSelect} />
            </li>
          ))}
        </Grid>
      )}
      <LockedPracticeSheet
        open={view.lockedOpen}
        practiceName={view.locked?.name ?? ''}
        onUpgrade={() => {
          haptic.tap();
          send({ type: 'UPGRADE' });
        }}
        onDismiss={() => send({ type: 'DISMISS' })}
      />
    </Page>
  );
}
