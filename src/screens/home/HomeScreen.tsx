// /app/home: the greeting, the mood check-in (one tap, free on every plan), the chat, practices and diary cards,
// and the user's week. Binds two flows: the check-in and the week (home summary, the last known one kept per user on
// the device and shown at once while the server is asked); a saved check-in refreshes the week, so the streak and
// the chart follow at once.
import { lazy, Suspense, useCallback, useMemo } from 'react';
import { RouteLink } from '../../components/RouteLink';
import styled from 'styled-components';
import { checkInMachine, checkInView } from '../../../machines/checkin/checkin.machine';
import { homeSummaryMachine, homeSummaryView } from '../../../machines/home/home-summary.machine';
import { paths } from '../../../machines/paths';
import { checkInActors } from '../../api/checkin.actors';
import { homeActors } from '../../api/home.actors';
import { useAuthView } from '../../auth/AuthProvider';
import { CardText, CardTitle } from '../../components/Card';
import { CheckInCard } from '../../components/checkin/CheckInCard';
import { WeekLoading } from '../../components/home/WeekLoading';
import { ChatIcon, ChevronIcon, DiaryIcon, PracticesIcon } from '../../components/icons';
import { Page } from '../../components/Page';
import { homeCopy } from '../../copy/home';
import { useFlow } from '../../flow/useFlow';
import { greeting } from '../../lib/greeting';
import { haptic } from '../../telegram/haptic';
import { useNewEntryGate } from '../diary/useNewEntryGate';
import { safeStorage } from '../../telegram/storage';
import { GREETING_MARK, shellStorageKey } from './keptHomeFormat';
import { summaryEffects } from './summaryStorage';

const Greeting = styled.h1`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  font-size: ${({ theme }) => theme.font.size.xl};
  line-height: 1.2;
`;

const Prompt = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(1)};
  color: ${({ theme }) => theme.color.hint};
`;

const Shortcuts = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
`;

const Shortcut = styled(RouteLink)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.sectionBg};
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;
  > svg:last-child {
    margin-left: auto;
    color: ${({ theme }) => theme.color.hint};
  }
`;

const ShortcutIcon = styled.span`
  flex: none;
  width: 40px;
  height: 40px;
  border-radius: 12px;
  display: grid;
  place-items: center;
  color: ${({ theme }) => theme.color.button};
  background: ${({ theme }) => theme.tint(theme.color.button, 12)};
`;

const HomeWeek = lazy(() => import('./HomeWeek'));
const CheckInNoteHelp = lazy(() => import('./CheckInNoteHelp'));

const SHORTCUTS = [
  { to: paths.chatList, icon: ChatIcon, copy: homeCopy.cards.chat },
  { to: paths.practices, icon: PracticesIcon, copy: homeCopy.cards.practices },
  { to: paths.diary, icon: DiaryIcon, copy: homeCopy.cards.diary },
] as const;

export default function HomeScreen({ now = new Date() }: { now?: Date }) {
  const user = useAuthView().user;
  const firstName = user?.first_name;
  const telegramId = typeof user?.telegram_id === 'number' ? user.telegram_id : null;
  // The signed-in user's kept week (one storage key per Telegram user).
  const kept = useMemo(() => summaryEffects(telegramId), [telegramId]);
  const week = useFlow(homeSummaryMachine, homeSummaryView, {
    actors: { ...homeActors, ...kept.actors },
    actions: kept.actions,
  });
  const checkIn = useFlow(checkInMachine, checkInView, {
    actors: checkInActors,
    actions: { checkedIn: () => week.send({ type: 'REFRESH' }) },
  });
  // «Написать в дневник» (plans with the diary only) passes the diary's own plan and limit check.
  const gate = useNewEntryGate();
  const { view, send } = checkIn;
  // Home as painted, kept for the next visit today (keptShell.ts) each time the week has painted, unless a mood or a
  // note is on its way.
  const settled = !view.noteOpen && !view.savingMood;
  const keepShell = useCallback(() => {
    const root = document.getElementById('root');
    if (settled && telegramId !== null && root)
      void import('./keepShell').then(({ homeShellOf }) => {
        const shell = homeShellOf(root);
        if (shell) safeStorage.set(shellStorageKey(telegramId), shell);
      });
  }, [settled, telegramId]);

  return (
    <Page>
      <div>
        <Greeting {...{ [GREETING_MARK]: '' }}>{greeting(now, firstName)}</Greeting>
        <Prompt>{homeCopy.prompt}</Prompt>
      </div>

      <CheckInCard
        {...view}
        onMood={(mood) => {
          haptic.select();
          send({ type: 'MOOD.SELECT', mood });
        }}
        onOpenNote={() => {
          haptic.tap();
          send({ type: 'NOTE.OPEN' });
        }}
        onNoteChange={(value) => send({ type: 'NOTE.CHANGE', value })}
        onSaveNote={() => {
          haptic.tap();
          send({ type: 'NOTE.SAVE' });
        }}
        onCancelNote={() => send({ type: 'NOTE.CANCEL' })}
        onWriteDiary={() => {
          haptic.tap();
          gate.press(view.mood ? { mood: view.mood } : undefined);
        }}
      >
        {view.noteOpen ? (
          <Suspense fallback={null}>
            <CheckInNoteHelp actor={checkIn.actor} />
          </Suspense>
        ) : null}
      </CheckInCard>

      <Shortcuts>
        {SHORTCUTS.map(({ to, icon: Icon, copy }) => (
          <Shortcut key={to} to={to} onClick={() => haptic.tap()}>
            <ShortcutIcon>
              <Icon />
            </ShortcutIcon>
            <div>
              <CardTitle as="h3">{copy.title}</CardTitle>
              <CardText>{copy.text}</CardText>
            </div>
            <ChevronIcon />
          </Shortcut>
        ))}
      </Shortcuts>

      {/* The user's week comes in its own chunk (the first load's budget), its data requested from the entry. */}
      <Suspense fallback={<WeekLoading />}>
        <HomeWeek view={week.view} onRetry={() => week.send({ type: 'RETRY' })} onPainted={keepShell} />
      </Suspense>
    </Page>
  );
}
