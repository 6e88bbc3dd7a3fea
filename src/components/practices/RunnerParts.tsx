// The parts every practice runner is made of: the stage (a centred column), the gentle explanation, the large
// count, and the intro every runner opens with — its words and «Начать».
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { practicesCopy } from '../../copy/practices';
import { haptic } from '../../telegram/haptic';
import { Button } from '../Button';

export const Stage = styled.section`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(4)};
  text-align: center;
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
  }
  p {
    margin: 0;
  }
`;

/** A sentence that explains or reassures, in a readable width. */
export const Hint = styled.p`
  color: ${({ theme }) => theme.color.subtitle};
  max-width: 420px;
`;

/** The seconds or the time left, large and steady (tabular figures do not jump). */
export const BigCount = styled.strong`
  font-size: 3rem;
  line-height: 1;
  font-variant-numeric: tabular-nums;
`;

/** The runner's first screen: an optional title, what will happen, anything else, and «Начать». */
export function RunnerIntro({
  title,
  text,
  children,
  onStart,
}: {
  title?: string;
  text: string;
  children?: ReactNode;
  onStart: () => void;
}) {
  return (
    <Stage>
      {title ? <h2>{title}</h2> : null}
      <Hint>{text}</Hint>
      {children}
      <Button
        $block
        onClick={() => {
          haptic.tap();
          onStart();
        }}
      >
        {practicesCopy.session.start}
      </Button>
    </Stage>
  );
}
