// One area of the balance wheel on a slider: integers 1–10, its name, a line of what it means, and its value
// («5 из 10», also what a screen reader says). A native range input: arrow keys, Home/End and dragging all work.
import { useId, type CSSProperties } from 'react';
import styled from 'styled-components';
import { WHEEL_MAX, WHEEL_MIN } from '../../../machines/practices/steps/step-practices';

const Row = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: baseline;
  gap: ${({ theme }) => theme.space(2)};
  label {
    font-weight: 600;
  }
  output {
    font-variant-numeric: tabular-nums;
  }
`;

const Meaning = styled.span`
  color: ${({ theme }) => theme.color.hint};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

// Drawn by hand rather than left to the browser: a native track's unfilled part is light or dark depending on the
// accent's own lightness, so the four areas would look unlike each other. The filled part (--fill) is the area's
// colour, the rest a soft tint of the text colour; the thumb keeps a ring of the page colour in either theme.
const Range = styled.input<{ $color: string }>`
  --fill: 50%;
  width: 100%;
  height: 32px;
  margin: 0;
  appearance: none;
  background: transparent;
  cursor: pointer;
  &::-webkit-slider-runnable-track {
    height: 6px;
    border-radius: 3px;
    background: linear-gradient(
      to right,
      ${({ $color }) => $color} var(--fill),
      ${({ theme }) => theme.tint(theme.color.text, 18)} var(--fill)
    );
  }
  &::-moz-range-track {
    height: 6px;
    border-radius: 3px;
    background: ${({ theme }) => theme.tint(theme.color.text, 18)};
  }
  &::-moz-range-progress {
    height: 6px;
    border-radius: 3px;
    background: ${({ $color }) => $color};
  }
  &::-webkit-slider-thumb {
    appearance: none;
    width: 24px;
    height: 24px;
    margin-top: -9px;
    border-radius: 50%;
    background: ${({ $color }) => $color};
    border: 3px solid ${({ theme }) => theme.color.bg};
    box-shadow: 0 0 0 1px ${({ theme }) => theme.tint(theme.color.text, 30)};
  }
  &::-moz-range-thumb {
    width: 18px;
    height: 18px;
    border-radius: 50%;
    background: ${({ $color }) => $color};
    border: 3px solid ${({ theme }) => theme.color.bg};
    box-shadow: 0 0 0 1px ${({ theme }) => theme.tint(theme.color.text, 30)};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.button};
    outline-offset: 2px;
    border-radius: 4px;
  }
`;

export interface AreaSliderProps {
  label: string;
  meaning: string;
  value: number;
  color: string;
  valueText: (n: number) => string;
  onChange: (value: number) => void;
}

export function AreaSlider({ label, meaning, value, color, valueText, onChange }: AreaSliderProps) {
  const id = useId();
  return (
    <Row>
      <Head>
        <label htmlFor={id}>{label}</label>
        <output htmlFor={id}>{valueText(value)}</output>
      </Head>
      <Meaning id={`${id}-meaning`}>{meaning}</Meaning>
      <Range
        id={id}
        type="range"
        min={WHEEL_MIN}
        max={WHEEL_MAX}
        step={1}
        value={value}
        aria-valuetext={valueText(value)}
        aria-describedby={`${id}-meaning`}
        $color={color}
        style={{ '--fill': `${((value - WHEEL_MIN) / (WHEEL_MAX - WHEEL_MIN)) * 100}%` } as CSSProperties}
        onChange={(e) => onChange(Number(e.target.value))}
      />
    </Row>
  );
}
