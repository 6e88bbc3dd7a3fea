// /app/practices/:practiceId (full height): the practice's icon, category, minutes, PRO badge, description, what
// you get and how to prepare (by category), and «Начать практику» — or «Улучшить тариф» when the plan does not
// open it. The source (manual, or the chat that suggested it) comes from navigation state and goes with the start.
import { useLocation, useParams } from 'react-router-dom';
import styled from 'styled-components';
import type { SourceType } from '../../../contract/diary';
import { practiceDetailMachine, practiceDetailView } from '../../../machines/practices/practice-detail.machine';
import { practiceActors } from '../../api/practices.actors';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { PracticesIcon } from '../../components/icons';
import { LockedPracticeSheet } from '../../components/practices/LockedPracticeSheet';
import { PracticeIcon } from '../../components/practices/PracticeIcon';
import { ProBadge } from '../../components/practices/ProBadge';
import { Spinner } from '../../components/Spinner';
import { practiceName } from '../../copy/practiceName';
import { categoryCopy, practicesCopy } from '../../copy/practices';
import { useFlow } from '../../flow/useFlow';
import { haptic } from '../../telegram/haptic';
import { useBackButton } from '../../telegram/useBackButton';
import { prefetchSession } from './runners';

const Main = styled.main`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(4)};
`;

const BackLink = styled(Button)`
  align-self: flex-start;
  padding-left: 0;
`;

const Head = styled.header`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.xl};
    line-height: 1.2;
  }
`;

const Meta = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.color.subtitle};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Description = styled.p`
  margin: 0;
  line-height: 1.5;
`;

const Section = styled.section`
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.secondaryBg};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: ${({ theme }) => theme.font.size.md};
  }
  ul {
    margin: 0;
    padding-left: ${({ theme }) => theme.space(5)};
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
  }
`;

const Footer = styled.div`
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(4)};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
`;

const Alert = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.tint(theme.color.destructive, 12)};
  color: ${({ theme }) => theme.color.text};
  text-align: center;
`;

/** The page's heading until the practice (and its name) is there. */
const PlainTitle = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.xl};
`;

const Center = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space(10)} 0;
`;

/** Navigation state from the list (nothing) or the chat's suggestion card (sourceType, sourceId). */
function sourceOf(state: unknown): { sourceType: SourceType; sourceId: string | null } {
  const s = (state ?? {}) as { sourceType?: unknown; sourceId?: unknown };
  const sourceType = s.sourceType === 'ai_suggestion' ? 'ai_suggestion' : 'manual';
  return { sourceType, sourceId: typeof s.sourceId === 'string' && s.sourceId ? s.sourceId : null };
}

export default function PracticeDetailScreen() {
  const { practiceId = '' } = useParams();
  const location = useLocation();
  const { view, send } = useFlow(practiceDetailMachine, practiceDetailView, {
    input: { id: practiceId, ...sourceOf(location.state) },
    actors: practiceActors,
    actions: { prefetchSession: (_: unknown, { id }: { id: string }) => prefetchSession(id) },
  });
  const back = () => send({ type: 'BACK' });
  const nativeBack = useBackButton(back);
  const copy = practicesCopy.detail;
  const { practice } = view;
  const category = practice ? categoryCopy(practice.category) : null;

  return (
    <>
      <Main>
        {nativeBack ? null : (
          <BackLink $variant="plain" onClick={back}>
            ← {copy.back}
          </BackLink>
        )}
        {view.status !== 'ready' ? <PlainTitle>{copy.title}</PlainTitle> : null}
        {view.status === 'loading' ? (
          <Center>
            <Spinner />
          </Center>
        ) : null}
        {view.status === 'notFound' ? <EmptyState icon={<PracticesIcon />} title={copy.notFound} /> : null}
        {view.status === 'error' ? (
          <ErrorState message={copy.error} retryLabel={copy.retry} onRetry={() => send({ type: 'RETRY' })} />
        ) : null}
        {view.status === 'ready' && practice && category ? (
          <>
            <Head>
              <PracticeIcon category={practice.category} size={56} />
              <h1>{practiceName(practice.name)}</h1>
              <Meta>
                <span>{category.label}</span>
                <span aria-hidden="true">·</span>
                <span>{practicesCopy.minutes(practice.duration_minutes)}</span>
                {practice.is_advanced ? <ProBadge /> : null}
              </Meta>
            </Head>
            <Description>{practice.description}</Description>
            <Section>
              <h2>{copy.benefitsTitle}</h2>
              <ul>
                {category.benefits.map((b) => (
                  <li key={b}>{b}</li>
                ))}
              </ul>
            </Section>
            <Section>
              <h2>{copy.preparationTitle}</h2>
              <ul>
                {category.preparation.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </Section>
          </>
        ) : null}
      </Main>
      {view.status === 'ready' && practice ? (
        <Footer>
          {view.startFailed ? <Alert role="alert">{copy.startFailed}</Alert> : null}
          <Button
            $block
            aria-disabled={view.starting}
            aria-busy={view.starting}
            onClick={() => {
              if (view.starting) return;
              haptic.tap();
              send({ type: 'START' });
            }}
          >
            {practice.is_locked ? copy.upgrade : view.starting ? copy.starting : copy.start}
          </Button>
        </Footer>
      ) : null}
      <LockedPracticeSheet
        open={view.lockedOpen}
        practiceName={practice?.name ?? ''}
        onUpgrade={() => send({ type: 'UPGRADE' })}
        onDismiss={() => send({ type: 'DISMISS' })}
      />
    </>
  );
}
