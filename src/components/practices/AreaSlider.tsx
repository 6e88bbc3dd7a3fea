// One area of the balance wheel on a slider: integers 1–10, its name, a line of what it means, and its value
// («5 из 10», also what a screen reader says). A native range input: arrow keys, Home/End and dragging all work.
import { useId } from 'react';
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

const Range = styled.input<{ $color: string }>`
  width: 100%;
  height: 32px;
  margin: 0;
  accent-color: ${({ $color }) => $color};
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
        onChange={(e) => onChange(Number(e.target.value))}
      />
    </Row>
  );
}
