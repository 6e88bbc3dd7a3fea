// The heading by the rating (see practicesCopy.rating.titles) / «Как вам практика?»: the stars (a radio group), the
// label of the chosen one, the comment box (opened by 1, 2 and 5; 500 characters), and «Завершить», disabled until
// a rating and while it is being sent; until a rating is chosen, «Пропустить» ends the session unrated.
// The rating machine stays mounted while the session sends, so a failed send keeps everything for another try.
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { PRACTICE_FEEDBACK_MAX } from '../../../contract/constants';
import { ratingMachine, ratingView, type RatingResult } from '../../../machines/practices/rating.machine';
import { Button } from '../../components/Button';
import { RatingStars } from '../../components/practices/RatingStars';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { practicesCopy } from '../../copy/practices';
import { useFlow } from '../../flow/useFlow';
import { haptic } from '../../telegram/haptic';
import { CrisisHelp } from '../../components/CrisisHelp';
import { useCrisisLines } from '../shared/useCrisisLines';
import { crisisCopy } from '../../copy/crisis';

const Panel = styled.section`
  display: flex;
  flex-direction: column;
  align-items: stretch;
  gap: ${({ theme }) => theme.space(3)};
  text-align: center;
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.xl};
  }
`;

const Question = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.subtitle};
`;

const Label = styled.p`
  margin: 0;
  min-height: 1.4em;
  font-weight: 600;
`;

const Comment = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  text-align: left;
  textarea {
    width: 100%;
    min-height: 96px;
    padding: ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.color.separator};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.color.sectionBg};
    resize: vertical;
  }
`;

const CommentFoot = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  color: ${({ theme }) => theme.color.hint};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Alert = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.tint(theme.color.destructive, 12)};
`;

export interface CompletionPanelProps {
  sending: boolean;
  /** The skip is what is being sent. */
  skipping: boolean;
  onSkip: () => void;
  failed: boolean;
  onSubmit: (rating: RatingResult) => void;
  /** The runner's FinishExtra, when it has one (above the stars). */
  extra?: ReactNode;
}

export function CompletionPanel({ sending, skipping, onSkip, failed, onSubmit, extra }: CompletionPanelProps) {
  const crisisLines = useCrisisLines();
  const { view, send } = useFlow(ratingMachine, ratingView, {
    actions: { submit: (_: unknown, rating: RatingResult) => onSubmit(rating) },
  });
  const copy = practicesCopy.rating;
  return (
    <Panel aria-labelledby="practice-done-title">
      <h2 id="practice-done-title">{copy.titles[view.rating]}</h2>
      {extra}
      <Question>{copy.question}</Question>
      <RatingStars
        value={view.rating}
        onChange={(stars) => {
          haptic.select();
          send({ type: 'RATE', stars });
        }}
      />
      <Label aria-live="polite">{view.rating ? copy.labels[view.rating - 1] : ''}</Label>
      {view.showAddComment ? (
        <Button $variant="plain" onClick={() => send({ type: 'COMMENT.OPEN' })}>
          {copy.addComment}
        </Button>
      ) : null}
      {view.commentOpen ? (
        <Comment>
          <textarea
            aria-label={copy.commentLabel}
            placeholder={copy.placeholders[view.placeholder]}
            value={view.comment}
            maxLength={PRACTICE_FEEDBACK_MAX}
            onChange={(e) => send({ type: 'COMMENT.CHANGE', text: e.target.value })}
          />
          <CommentFoot>
            <Button $variant="plain" onClick={() => send({ type: 'COMMENT.CLOSE' })}>
              {copy.foldComment}
            </Button>
            <span>{copy.counter(view.comment.length, PRACTICE_FEEDBACK_MAX)}</span>
          </CommentFoot>
        </Comment>
      ) : null}
      <CrisisHelp show={view.atRisk} text={crisisCopy.comment} lines={crisisLines} />
      {failed ? <Alert role="alert">{copy.failed}</Alert> : null}
      <Button
        $block
        disabled={!view.canSubmit}
        aria-describedby={view.canSubmit ? undefined : 'practice-rating-needed'}
        aria-disabled={sending}
        aria-busy={sending}
        onClick={() => {
          if (sending) return;
          haptic.tap();
          send({ type: 'SUBMIT' });
        }}
      >
        {sending && !skipping ? copy.sending : copy.submit}
      </Button>
      {view.rating ? null : (
        <Button
          $block
          $variant="plain"
          aria-disabled={sending}
          aria-busy={skipping}
          onClick={() => {
            if (!sending) onSkip();
          }}
        >
          {skipping ? copy.sending : copy.skip}
        </Button>
      )}
      {view.canSubmit ? null : <VisuallyHidden id="practice-rating-needed">{copy.ratingNeeded}</VisuallyHidden>}
    </Panel>
  );
}
