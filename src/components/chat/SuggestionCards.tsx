// The cards under an assistant message: a practice it suggests ('Начать', or 'Улучшить тариф' when the plan lacks
// it — but never in the after-crisis window), a diary entry it offers to keep ('Создать запись'), and under a crisis
// reply the way into the personal safety plan.
import styled from 'styled-components';
import type { DiarySuggestion, PracticeSuggestion } from '../../../contract/chat';
import { chatCopy } from '../../copy/chat';
import { practiceName } from '../../copy/practiceName';
import { Button } from '../Button';

const Card = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.sectionBg};
  border: 1px solid ${({ theme }) => theme.color.separator};
  max-width: 100%;
  p {
    margin: 0;
  }
`;

const Label = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.color.hint};
  font-size: ${({ theme }) => theme.font.size.xs};
`;

const Badge = styled.span`
  padding: 1px 6px;
  border-radius: ${({ theme }) => theme.radius.pill};
  color: ${({ theme }) => theme.color.accent};
  background: ${({ theme }) => theme.tint(theme.color.button, 14)};
  font-weight: 700;
`;

const Name = styled.p`
  font-weight: 600;
`;

const Text = styled.p`
  color: ${({ theme }) => theme.color.subtitle};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Clamped = styled(Text)`
  display: -webkit-box;
  -webkit-line-clamp: 3;
  -webkit-box-orient: vertical;
  overflow: hidden;
  white-space: pre-line;
`;

/** `quiet`: the after-crisis window — a locked practice is named, with no «Улучшить тариф». */
export function PracticeSuggestionCard({
  suggestion,
  quiet,
  onOpen,
}: {
  suggestion: PracticeSuggestion;
  quiet: boolean;
  onOpen: () => void;
}) {
  return (
    <Card data-testid="practice-suggestion">
      <Label>
        <span>
          {chatCopy.practice.label} · {chatCopy.practice.minutes(suggestion.duration_minutes)}
        </span>
        {suggestion.is_advanced ? <Badge>{chatCopy.practice.pro}</Badge> : null}
      </Label>
      <Name>{practiceName(suggestion.practice_name)}</Name>
      <Text>{suggestion.practice_description}</Text>
      {suggestion.has_access || !quiet ? (
        <Button $variant={suggestion.has_access ? 'primary' : 'secondary'} onClick={onOpen}>
          {suggestion.has_access ? chatCopy.practice.start : chatCopy.practice.upgrade}
        </Button>
      ) : (
        <Label>{chatCopy.practiceLocked}</Label>
      )}
    </Card>
  );
}

export function DiarySuggestionCard({ suggestion, onCreate }: { suggestion: DiarySuggestion; onCreate: () => void }) {
  return (
    <Card data-testid="diary-suggestion">
      <Name>{chatCopy.diary.title}</Name>
      <Label>{chatCopy.diary.subtitle}</Label>
      <Clamped>{suggestion.suggested_content}</Clamped>
      <Button $variant="secondary" onClick={onCreate}>
        {chatCopy.diary.create}
      </Button>
    </Card>
  );
}

/** Under every crisis reply: the way into the personal safety plan. */
export function SafetyPlanCard({ onOpen }: { onOpen: () => void }) {
  return (
    <Card data-testid="safety-plan-card">
      <Name>{chatCopy.safetyPlan.title}</Name>
      <Text>{chatCopy.safetyPlan.text}</Text>
      <Button $variant="secondary" onClick={onOpen}>
        {chatCopy.safetyPlan.openCard}
      </Button>
    </Card>
  );
}
