// /app/diary: binds the diary list machine and the new-entry gate ('Новая запись'); renders their view models.
import { useCallback } from 'react';
import styled from 'styled-components';
import { diaryListMachine, diaryListView } from '../../../machines/diary/diary-list.machine';
import { diaryActors } from '../../api/diary.actors';
import { Button } from '../../components/Button';
import { DiaryEntryCard } from '../../components/diary/DiaryEntryCard';
import { EndSentinel } from '../../components/diary/EndSentinel';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { DiaryIcon } from '../../components/icons';
import { FilterChips } from '../../components/diary/FilterChips';
import { Page } from '../../components/Page';
import { Spinner } from '../../components/Spinner';
import { diaryCopy, type DiaryFilter } from '../../copy/diary';
import { useFlow } from '../../flow/useFlow';
import { haptic } from '../../telegram/haptic';
import { useNewEntryGate } from './useNewEntryGate';

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
`;

const Title = styled.h1`
  margin: ${({ theme }) => theme.space(2)} 0 ${({ theme }) => theme.space(1)};
  font-size: ${({ theme }) => theme.font.size.xl};
`;

const List = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
`;

const Center = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space(10)} ${({ theme }) => theme.space(4)};
`;

const Footer = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space(2)};
`;

export default function DiaryListScreen() {
  const { view, send } = useFlow(diaryListMachine, diaryListView, { input: {}, actors: diaryActors });
  const { status, filter, entries, togglingIds, loadingMore, moreFailed, hasMore } = view;
  const gate = useNewEntryGate();

  // Stable callbacks (`send` is the actor's own): memoised cards only re-render when their own entry or toggle
  // state changes.
  const onToggle = useCallback(
    (id: string) => {
      haptic.tap();
      send({ type: 'FAVORITE.TOGGLE', id });
    },
    [send],
  );
  const onSelectFilter = useCallback(
    (f: DiaryFilter) => {
      haptic.select();
      send({ type: 'FILTER.SELECT', filter: f });
    },
    [send],
  );
  const onReachEnd = useCallback(() => send({ type: 'LOAD_MORE' }), [send]);
  const retry = () => send({ type: 'RETRY' });
  const pressNew = () => {
    haptic.tap();
    gate.press();
  };

  return (
    <Page>
      <Header>
        <Title>{diaryCopy.title}</Title>
        <Button $variant="secondary" onClick={pressNew} aria-disabled={gate.checking} aria-busy={gate.checking}>
          {diaryCopy.newEntry}
        </Button>
      </Header>
      <FilterChips value={filter} onSelect={onSelectFilter} />

      {status === 'loading' ? (
        <Center>
          <Spinner />
        </Center>
      ) : status === 'error' ? (
        <ErrorState message={diaryCopy.listError} retryLabel={diaryCopy.retry} onRetry={retry} />
      ) : status === 'empty' ? (
        <EmptyState
          icon={<DiaryIcon />}
          title={diaryCopy.emptyTitle}
          action={
            <Button onClick={pressNew} aria-disabled={gate.checking} aria-busy={gate.checking}>
              {diaryCopy.emptyAction}
            </Button>
          }
        />
      ) : (
        <List>
          {entries.map((entry) => (
            <DiaryEntryCard
              key={entry.id}
              entry={entry}
              toggling={togglingIds.includes(entry.id)}
              onToggleFavorite={onToggle}
            />
          ))}
          {hasMore ? <EndSentinel key={entries.length} onReach={onReachEnd} /> : null}
          {loadingMore ? (
            <Footer>
              <Spinner $size={22} />
            </Footer>
          ) : null}
          {moreFailed ? (
            <Footer>
              <Button $variant="plain" onClick={retry}>
                {diaryCopy.loadMoreError} · {diaryCopy.retry}
              </Button>
            </Footer>
          ) : null}
        </List>
      )}
    </Page>
  );
}
