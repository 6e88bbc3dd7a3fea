// «Заземление 5-4-3-2-1»: an intro with «Начать», then five steps — one sense each — whose circles are tapped one
// per thing named; «Далее» once every circle is tapped, «Завершить» on the last step.
import styled from 'styled-components';
import { groundingMachine, groundingView } from '../../../../machines/practices/grounding.machine';
import { Button } from '../../../components/Button';
import { Svg } from '../../../components/icons';
import { Hint, RunnerIntro, Stage } from '../../../components/practices/RunnerParts';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { practicesCopy } from '../../../copy/practices';
import { useFlow } from '../../../flow/useFlow';
import { haptic } from '../../../telegram/haptic';
import type { RunnerProps } from '../runners';

const Step = styled.p`
  color: ${({ theme }) => theme.color.hint};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Circles = styled.ul`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Circle = styled.button.attrs({ type: 'button' })<{ $on: boolean }>`
  display: grid;
  place-items: center;
  width: 56px;
  height: 56px;
  border-radius: 50%;
  border: 2px solid ${({ theme }) => theme.color.button};
  background: ${({ theme, $on }) => ($on ? theme.color.button : 'transparent')};
  color: ${({ theme, $on }) => ($on ? theme.color.buttonText : theme.color.accent)};
  font-weight: 600;
`;

export default function GroundingRunner({ onFinish }: RunnerProps) {
  const { view, send } = useFlow(groundingMachine, groundingView, { actions: { finish: () => onFinish() } });
  const copy = practicesCopy.grounding;

  if (view.status !== 'step' || !view.sense) {
    return <RunnerIntro text={copy.introText} onStart={() => send({ type: 'START' })} />;
  }

  const step = copy.steps[view.sense];
  return (
    <Stage>
      <Step>{copy.step(view.number, view.steps)}</Step>
      <h2>{step.title}</h2>
      <Hint>{step.hint}</Hint>
      <Circles aria-label={copy.circlesLabel}>
        {view.circles.map((on, i) => (
          <li key={i}>
            <Circle
              $on={on}
              aria-pressed={on}
              aria-label={copy.circle(i + 1)}
              onClick={() => {
                if (!on) haptic.select();
                send({ type: 'TAP', index: i });
              }}
            >
              {on ? (
                <Svg width={24} height={24}>
                  <path d="m5 12 5 5 9-10" />
                </Svg>
              ) : (
                i + 1
              )}
            </Circle>
          </li>
        ))}
      </Circles>
      {view.canNext ? null : <VisuallyHidden id="grounding-next-needs">{copy.nextNeeds}</VisuallyHidden>}
      <Button
        $block
        disabled={!view.canNext}
        aria-describedby={view.canNext ? undefined : 'grounding-next-needs'}
        onClick={() => {
          haptic.tap();
          send({ type: 'NEXT' });
        }}
      >
        {view.isLast ? copy.finish : copy.next}
      </Button>
    </Stage>
  );
}
