// /app/practices/:practiceId/session: needs the navigation state the start call left (sessionId and practice),
// otherwise goes to the list. Plays the practice's runner (./runners.ts, by practice id) with the screen kept
// awake, then the rating; back goes to the practice's detail page. Opening it makes no request: the practice
// comes with the navigation state, and the screen and its runner were fetched by the detail page.
import { Component, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import type { Practice } from '../../../contract/practices';
import { paths } from '../../../machines/paths';
import type { PracticeSessionState } from '../../../machines/practices/practice-detail.machine';
import { practiceSessionMachine, practiceSessionView } from '../../../machines/practices/practice-session.machine';
import { practiceActors } from '../../api/practices.actors';
import { Button } from '../../components/Button';
import { ErrorState } from '../../components/ErrorState';
import { Page } from '../../components/Page';
import { Spinner } from '../../components/Spinner';
import { practiceName } from '../../copy/practiceName';
import { practicesCopy } from '../../copy/practices';
import { useFlow } from '../../flow/useFlow';
import { useBackButton } from '../../telegram/useBackButton';
import { CompletionPanel } from './CompletionPanel';
import { forgetRunner, runnerComponents, runnerSessionCompleted } from './runners';

/** The layout has the whole height and no tab bar; the session scrolls inside it. */
const Scroll = styled.div`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
`;

const BackLink = styled(Button)`
  align-self: flex-start;
  padding-left: 0;
`;

const Title = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.lg};
  text-align: center;
`;

const Center = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space(10)} 0;
`;

const Pending = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.sectionBg};
  text-align: center;
  p {
    margin: 0;
  }
  strong {
    font-size: ${({ theme }) => theme.font.size.lg};
  }
`;

/** The navigation state, if it is a session's. */
function sessionStateOf(state: unknown): PracticeSessionState | null {
  const s = state as Partial<PracticeSessionState> | null;
  return s && typeof s.sessionId === 'string' && s.sessionId && s.practice && typeof s.practice.id === 'string'
    ? { sessionId: s.sessionId, practice: s.practice }
    : null;
}

export default function PracticeSessionScreen() {
  const state = sessionStateOf(useLocation().state);
  if (!state) return <Navigate to={paths.practices} replace />;
  return <Session key={state.sessionId} {...state} />;
}

function Session({ sessionId, practice }: PracticeSessionState) {
  const { view, send } = useFlow(practiceSessionMachine, practiceSessionView, {
    input: { sessionId, practice: { id: practice.id, name: practice.name } },
    actors: practiceActors,
    actions: {
      sessionCompleted: (_: unknown, { result }: { result: unknown }) =>
        runnerSessionCompleted(practice.id, { practice, sessionId, result }),
    },
  });
  const back = () => send({ type: 'BACK' });
  // Telegram's Back goes to the runner when it claimed it (a step practice goes back a step), else leaves.
  const runnerBack = useRef<(() => void) | null>(null);
  const claimBack = useCallback((handler: (() => void) | null) => {
    runnerBack.current = handler;
  }, []);
  const nativeBack = useBackButton(() => (runnerBack.current ?? back)());
  // A runner chunk that failed to arrive is fetched again on «Попробовать снова» (a new attempt, a new lazy).
  const [attempt, setAttempt] = useState(0);
  const runner = runnerComponents(practice.id);
  const retry = () => {
    forgetRunner(practice.id);
    setAttempt((n) => n + 1);
  };

  return (
    <Scroll>
      <Page>
        {nativeBack ? null : (
          <BackLink $variant="plain" onClick={back}>
            ← {practicesCopy.session.back}
          </BackLink>
        )}
        <Title>{practiceName(practice.name)}</Title>
        {view.status === 'running' ? (
          runner ? (
            <RunnerBoundary key={attempt} onRetry={retry}>
              <Suspense
                fallback={
                  <Center>
                    <Spinner />
                  </Center>
                }
              >
                <runner.Runner
                  practice={practice}
                  sessionId={sessionId}
                  onFinish={(result) => send({ type: 'FINISHED', result })}
                  onLeave={back}
                  claimBack={claimBack}
                />
              </Suspense>
            </RunnerBoundary>
          ) : (
            <InDevelopment practice={practice} />
          )
        ) : null}
        {view.showsRating ? (
          <CompletionPanel
            sending={view.sending}
            skipping={view.skipping}
            onSkip={() => send({ type: 'SKIP' })}
            failed={view.failed}
            onSubmit={(rating) => send({ type: 'SUBMIT', ...rating })}
            extra={
              runner && view.result !== null ? (
                <Suspense fallback={null}>
                  <runner.FinishExtra practice={practice} sessionId={sessionId} result={view.result} />
                </Suspense>
              ) : null
            }
          />
        ) : null}
      </Page>
    </Scroll>
  );
}

/** A runner whose chunk did not arrive (offline): «Не удалось загрузить практику» with «Попробовать снова». */
class RunnerBoundary extends Component<{ onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    const copy = practicesCopy.detail;
    return <ErrorState message={copy.error} retryLabel={copy.retry} onRetry={this.props.onRetry} />;
  }
}

/** A practice whose runner is not written yet: its name, description and minutes, and «Практика в разработке». */
function InDevelopment({ practice }: { practice: Practice }) {
  return (
    <Pending>
      <p>{practice.description}</p>
      <p>{practicesCopy.minutes(practice.duration_minutes)}</p>
      <strong>{practicesCopy.session.inDevelopment}</strong>
    </Pending>
  );
}
