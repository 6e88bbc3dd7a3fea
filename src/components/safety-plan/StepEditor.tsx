// One step of the plan being written: «Шаг N из 7» (in the steps), its question, its lines or people, and the way
// on — «Назад» / «Далее» (or «Пропустить» while nothing is written, «Готово» on the last), or «Готово» when the step
// was opened from the summary. When the step changes its title takes focus, so a screen reader announces it.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { haptic } from '../../telegram/haptic';
import { Button } from '../Button';
import { Caption, Card } from './parts';

const Title = styled.h2`
  font-size: ${({ theme }) => theme.font.size.lg} !important;
  line-height: 1.3;
  outline: none;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  > :last-child {
    flex: 1 1 12em;
  }
`;

export interface StepEditorProps {
  /** «Шаг 3 из 7»; none when the step was opened from the summary. */
  progress?: string;
  stepKey: string;
  title: string;
  hint: string;
  children: ReactNode;
  nextLabel: string;
  onNext: () => void;
  backLabel: string;
  /** Absent on the first step and when opened from the summary. */
  onBack?: () => void;
}

export function StepEditor(props: StepEditorProps) {
  const { progress, stepKey, title, hint, children } = props;
  const id = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const first = shown.current === null;
    if (shown.current === stepKey) return;
    shown.current = stepKey;
    const lost = !document.activeElement || document.activeElement === document.body;
    if (!first || lost) titleRef.current?.focus();
  }, [stepKey]);

  return (
    <Card aria-labelledby={`${id}-title`}>
      {progress ? <Caption>{progress}</Caption> : null}
      <Title id={`${id}-title`} ref={titleRef} tabIndex={-1}>
        {title}
      </Title>
      <p>{hint}</p>
      {children}
      <Actions>
        {props.onBack ? (
          <Button
            $variant="secondary"
            onClick={() => {
              haptic.tap();
              props.onBack!();
            }}
          >
            {props.backLabel}
          </Button>
        ) : null}
        <Button
          onClick={() => {
            haptic.tap();
            props.onNext();
          }}
        >
          {props.nextLabel}
        </Button>
      </Actions>
    </Card>
  );
}
