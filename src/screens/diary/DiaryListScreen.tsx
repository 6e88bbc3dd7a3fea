// /app/diary: binds the diary list machine and the new-entry gate ('Новая запись'); renders their view models — the
// entries, with the check-ins' mood marks among them.
import { useCallback } from 'react';
import styled from 'styled-components';
import { diaryListMachine, diaryListView } from '../../../machines/diary/diary-list.machine';
import { diaryActors } from '../../api/diary.actors';
import { Button } from '../../components/Button';
import { DiaryEntryCard } from '../../components/diary/DiaryEntryCard';
import { MoodMarkCard } from '../../components/diary/MoodMarkCard';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { DiaryIcon } from '../../components/icons';
import { FilterChips } from '../../components/diary/FilterChips';
import { ListCenter, ListFooter, ListHeader, ListTitle } from '../../components/ListScreen';
import { Page } from '../../components/Page';
import { ScrollSentinel } from '../../components/ScrollSentinel';
import { Spinner } from '../../components/Spinner';
import { diaryCopy, type DiaryFilter } from '../../copy/diary';
import { useFlow } from '../../flow/useFlow';
import { haptic } from '../../telegram/haptic';
import { useNewEntryGate } from './useNewEntryGate';

const List = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
`;

export default function DiaryListScreen() {
  const { view, send } = useFlow(diaryListMachine, diaryListView, { input: {}, actors: diaryActors });
  const { status, filter, entries, rows, togglingIds, loadingMore, moreFailed, hasMore } = view;
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
      <ListHeader>
        <ListTitle>{diaryCopy.title}</ListTitle>
        <Button $variant="secondary" onClick={pressNew} aria-disabled={gate.checking} aria-busy={gate.checking}>
          {diaryCopy.newEntry}
        </Button>
      </ListHeader>
      <FilterChips value={filter} onSelect={onSelectFilter} />

      {status === 'loading' ? (
        <ListCenter>
          <Spinner />
        </ListCenter>
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
          {rows.map((row) =>
            row.kind === 'entry' ? (
              <DiaryEntryCard
                key={row.entry.id}
                entry={row.entry}
                toggling={togglingIds.includes(row.entry.id)}
                onToggleFavorite={onToggle}
              />
            ) : (
              <MoodMarkCard key={`mark-${row.checkIn.day}`} checkIn={row.checkIn} />
            ),
          )}
          {hasMore ? <ScrollSentinel key={entries.length} onReach={onReachEnd} testId="diary-end" /> : null}
          {loadingMore ? (
            <ListFooter>
              <Spinner $size={22} />
            </ListFooter>
          ) : null}
          {moreFailed ? (
            <ListFooter>
              <Button $variant="plain" onClick={retry}>
                {diaryCopy.loadMoreError} · {diaryCopy.retry}
              </Button>
            </ListFooter>
          ) : null}
        </List>
      )}
    </Page>
  );
}
