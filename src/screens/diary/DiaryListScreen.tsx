// /app/diary: binds the diary list machine and the new-entry gate ('Новая запись'); renders their state.
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import styled from 'styled-components';
import { fromPromise } from 'xstate';
import type { DiaryEntry, DiaryListQuery, DiaryListResponse } from '../../../contract/diary';
import { diaryListMachine } from '../../../machines/diary/diary-list.machine';
import { listDiaryEntries, toggleDiaryFavorite } from '../../api/diary';
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
import { haptic } from '../../telegram/haptic';
import { toast } from '../../ui/toast';
import { useNewEntryGate } from './useNewEntryGate';

const Header = styled.div`
  display: flex;
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
  const listMachine = useMemo(
    () =>
      diaryListMachine.provide({
        actors: {
          loadPage: fromPromise<DiaryListResponse, DiaryListQuery>(({ input }) => listDiaryEntries(input)),
          toggleFavorite: fromPromise<DiaryEntry, { id: string }>(({ input }) => toggleDiaryFavorite(input.id)),
        },
        actions: { toast: (_, { key }) => toast(diaryCopy.toasts[key]) },
      }),
    [],
  );
  const list = useActorRef(listMachine, { input: {} });

  const gate = useNewEntryGate();

  const filter = useSelector(list, (s) => s.context.filter);
  const entries = useSelector(list, (s) => s.context.entries);
  const togglingIds = useSelector(list, (s) => s.context.togglingIds);
  const status = useSelector(list, (s) =>
    s.matches('loading') ? 'loading' : s.matches('error') ? 'error' : s.matches('empty') ? 'empty' : 'ready',
  );
  const loadingMore = useSelector(list, (s) => s.matches({ ready: 'loadingMore' }));
  const moreFailed = useSelector(list, (s) => s.matches({ ready: 'moreFailed' }));
  const hasMore = useSelector(list, (s) => s.can({ type: 'LOAD_MORE' }));

  // Stable callbacks: memoised cards only re-render when their own entry or toggle state changes.
  const onToggle = useCallback(
    (id: string) => {
      haptic.tap();
      list.send({ type: 'FAVORITE.TOGGLE', id });
    },
    [list],
  );
  const onSelectFilter = useCallback(
    (f: DiaryFilter) => {
      haptic.select();
      list.send({ type: 'FILTER.SELECT', filter: f });
    },
    [list],
  );
  const onReachEnd = useCallback(() => list.send({ type: 'LOAD_MORE' }), [list]);
  const pressNew = () => {
    haptic.tap();
    gate.press();
  };

  return (
    <Page>
      <Header>
        <Title>{diaryCopy.title}</Title>
        <Button $variant="secondary" onClick={pressNew} disabled={gate.checking} aria-busy={gate.checking}>
          {diaryCopy.newEntry}
        </Button>
      </Header>
      <FilterChips value={filter} onSelect={onSelectFilter} />

      {status === 'loading' ? (
        <Center>
          <Spinner />
        </Center>
      ) : status === 'error' ? (
        <ErrorState message={diaryCopy.listError} retryLabel={diaryCopy.retry} onRetry={() => list.send({ type: 'RETRY' })} />
      ) : status === 'empty' ? (
        <EmptyState
          icon={<DiaryIcon />}
          title={diaryCopy.emptyTitle}
          action={
            <Button onClick={pressNew} disabled={gate.checking}>
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
              <Button $variant="plain" onClick={() => list.send({ type: 'RETRY' })}>
                {diaryCopy.loadMoreError} · {diaryCopy.retry}
              </Button>
            </Footer>
          ) : null}
        </List>
      )}
    </Page>
  );
}
