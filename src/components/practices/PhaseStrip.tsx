// The strip under the breathing ring: each phase of a cycle with its seconds, the current one marked. The start is
// not a phase (issue 24), so before «Начать» the strip shows the rhythm with nothing marked.
import styled from 'styled-components';
import type { BreathingPhase } from '../../../machines/practices/breathing-configs';
import { practicesCopy } from '../../copy/practices';

const List = styled.ol`
  display: flex;
  justify-content: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li<{ $current: boolean }>`
  min-width: 64px;
  padding: ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.sm};
  text-align: center;
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: 600;
  letter-spacing: 0.04em;
  background: ${({ theme, $current }) => ($current ? theme.color.button : theme.color.sectionBg)};
  color: ${({ theme, $current }) => ($current ? theme.color.buttonText : theme.color.text)};
  span {
    display: block;
    font-weight: 400;
    letter-spacing: 0;
  }
`;

export interface PhaseStripProps {
  phases: Array<{ phase: BreathingPhase; seconds: number }>;
  /** null before the start: no phase is on yet. */
  current: BreathingPhase | null;
}

export function PhaseStrip({ phases, current }: PhaseStripProps) {
  const copy = practicesCopy.breathing;
  return (
    <List aria-label={copy.stripLabel}>
      {phases.map(({ phase, seconds }) => (
        <Item key={phase} $current={current === phase} aria-current={current === phase ? 'step' : undefined}>
          {copy.strip[phase]}
          <span>{copy.seconds(seconds)}</span>
        </Item>
      ))}
    </List>
  );
}
