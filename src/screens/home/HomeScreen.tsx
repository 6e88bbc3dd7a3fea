import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Mood } from '../../../contract/diary';
import { paths } from '../../../machines/paths';
import { useAuthView } from '../../auth/AuthProvider';
import { Button } from '../../components/Button';
import { Card, CardText, CardTitle } from '../../components/Card';
import { BulbIcon, ChatIcon, ChevronIcon, DiaryIcon, FlameIcon, PracticesIcon } from '../../components/icons';
import { MoodPicker } from '../../components/MoodPicker';
import { Page } from '../../components/Page';
import { homeCopy } from '../../copy/home';
import { greeting } from '../../lib/greeting';
import { SAMPLE_STREAK_DAYS, SAMPLE_WEEK_MOODS } from '../../lib/homeSamples';
import { haptic } from '../../telegram/haptic';
import { theme } from '../../theme';
import { useNewEntryGate } from '../diary/useNewEntryGate';
import { MoodWeekChart } from './MoodWeekChart';

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

const Streak = styled(Card)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  strong {
    font-size: 1.875rem;
    line-height: 1;
  }
`;

const Badge = styled.span<{ $color: string }>`
  flex: none;
  width: 48px;
  height: 48px;
  border-radius: 14px;
  display: grid;
  place-items: center;
  color: ${({ $color }) => $color};
  background: ${({ $color, theme }) => theme.tint($color, 16)};
`;

const Insight = styled(Card)`
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  align-items: flex-start;
`;

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

      <Streak aria-label={homeCopy.streakTitle}>
        <Badge $color={theme.color.warning}>
          <FlameIcon />
        </Badge>
        <strong>{SAMPLE_STREAK_DAYS}</strong>
        <div>
          <CardTitle as="h3">{homeCopy.streakTitle}</CardTitle>
          <CardText>{homeCopy.streakText}</CardText>
        </div>
      </Streak>

      <Card>
        <CardTitle>{homeCopy.weekTitle}</CardTitle>
        <MoodWeekChart days={homeCopy.weekDays} values={SAMPLE_WEEK_MOODS} />
      </Card>

      <Insight>
        <Badge $color={theme.color.button}>
          <BulbIcon />
        </Badge>
        <div>
          <CardTitle>{homeCopy.insightTitle}</CardTitle>
          <CardText>{homeCopy.insight}</CardText>
        </div>
      </Insight>
    </Page>
  );
}
