// What was written last time, offered back: «Продолжить» where it was left, or «Начать заново» (which says that it
// removes the earlier answers). Takes focus when it appears, so the choice is announced.
import { useLayoutEffect, useId, useRef } from 'react';
import styled from 'styled-components';
import { haptic } from '../../telegram/haptic';
import { Button } from '../Button';
import { Card } from '../Card';

const Offer = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
    outline: none;
  }
  p {
    margin: 0;
  }
`;

const Note = styled.p`
  color: ${({ theme }) => theme.color.hint};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

export interface DraftOfferProps {
  title: string;
  text: string;
  note: string;
  continueLabel: string;
  restartLabel: string;
  onContinue: () => void;
  onRestart: () => void;
}

export function DraftOffer({ title, text, note, continueLabel, restartLabel, onContinue, onRestart }: DraftOfferProps) {
  const id = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => titleRef.current?.focus(), []);
  return (
    <Offer aria-labelledby={id}>
      <h2 id={id} ref={titleRef} tabIndex={-1}>
        {title}
      </h2>
      <p>{text}</p>
      <Button
        $block
        onClick={() => {
          haptic.tap();
          onContinue();
        }}
      >
        {continueLabel}
      </Button>
      <Button
        $block
        $variant="secondary"
        onClick={() => {
          haptic.tap();
          onRestart();
        }}
      >
        {restartLabel}
      </Button>
      <Note>{note}</Note>
    </Offer>
  );
}
