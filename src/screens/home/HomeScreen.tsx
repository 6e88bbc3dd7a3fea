import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Mood } from '../../../contract/diary';
import { paths } from '../../../machines/paths';
import { useAuthView } from '../../auth/AuthProvider';
import { Button } from '../../components/Button';
import { Card, CardText, CardTitle } from '../../components/Card';
import { WeekLoading } from '../../components/home/WeekLoading';
import { ChatIcon, ChevronIcon, DiaryIcon, PracticesIcon } from '../../components/icons';
import { MoodPicker } from '../../components/MoodPicker';
import { Page } from '../../components/Page';
import { homeCopy } from '../../copy/home';
import { greeting } from '../../lib/greeting';
import { haptic } from '../../telegram/haptic';
import { useNewEntryGate } from '../diary/useNewEntryGate';

const Greeting = styled.h1`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  font-size: ${({ theme }) => theme.font.size.xl};
  line-height: 1.2;
`;

const Prompt = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(1)};
  color: ${({ theme }) => theme.color.hint};
`;

const QuickMood = styled(MoodPicker)`
  margin: ${({ theme }) => theme.space(3)} 0;
`;

const Shortcuts = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
`;

const Shortcut = styled(Link)`
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

const SHORTCUTS = [
  { to: paths.chatList, icon: ChatIcon, copy: homeCopy.cards.chat },
  { to: paths.practices, icon: PracticesIcon, copy: homeCopy.cards.practices },
  { to: paths.diary, icon: DiaryIcon, copy: homeCopy.cards.diary },
] as const;

/** Route /app/home. `now` is injectable so the greeting is testable; no timers here. */
export default function HomeScreen({ now = new Date() }: { now?: Date }) {
  const firstName = useAuthView().user?.first_name;
  const [mood, setMood] = useState<Mood | null>(null);
  // 'Записать' passes the same plan and limit check as the diary's 'Новая запись'.
  const gate = useNewEntryGate();

  return (
    <Page>
      <div>
        <Greeting>{greeting(now, firstName)}</Greeting>
        <Prompt>{homeCopy.prompt}</Prompt>
      </div>

      <Card aria-label={homeCopy.moodCardTitle}>
        <CardTitle>{homeCopy.moodCardTitle}</CardTitle>
        <CardText>{homeCopy.moodCardHint}</CardText>
        <QuickMood
          value={mood}
          label={homeCopy.moodCardTitle}
          onChange={(next) => {
            haptic.select();
            setMood(next);
          }}
        />
        <Button
          $block
          aria-disabled={gate.checking}
          aria-busy={gate.checking}
          onClick={() => {
            haptic.tap();
            gate.press(mood ? { mood } : undefined);
          }}
        >
          {homeCopy.record}
        </Button>
      </Card>

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
        <HomeWeek />
      </Suspense>
    </Page>
  );
}
