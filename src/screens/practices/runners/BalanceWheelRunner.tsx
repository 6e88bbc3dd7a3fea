// «Колесо баланса»: four sliders 1–10 with the wheel drawn as they move; the wheel, the average with one decimal
// (Russian decimal comma) and the areas below 6; a plan for each of them — or, with none, «Завершить» right after the
// review. Played by the shared StepRunner; this module adds the sliders and the wheel.
import styled from 'styled-components';
import { balanceWheelMachine, balanceWheelView } from '../../../../machines/practices/steps/balance-wheel.machine';
import type { StepsView } from '../../../../machines/practices/steps/step-flow';
import { WHEEL_AREAS, type WheelArea } from '../../../../machines/practices/steps/step-practices';
import { AreaSlider } from '../../../components/practices/AreaSlider';
import { BalanceWheel, WHEEL_COLORS } from '../../../components/practices/BalanceWheel';
import { Card } from '../../../components/Card';
import { formatAverage, stepsCopy } from '../../../copy/steps';
import { useReducedMotion } from '../../../lib/useReducedMotion';
import { haptic } from '../../../telegram/haptic';
import type { RunnerProps } from '../runners';
import { StepRunner, type StepControls } from '../steps/StepRunner';

export { StepFinishExtra as FinishExtra, stepSessionCompleted as sessionCompleted } from '../steps/SaveToDiary';

const copy = stepsCopy.wheel;

const Sliders = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

const Summary = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.md};
  }
  ul {
    margin: 0;
    padding-left: 1.2em;
  }
`;

const Average = styled.p`
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: 600;
`;

function Wheel({ ratings }: { ratings: Record<WheelArea, number> }) {
  const animate = !useReducedMotion();
  return (
    <BalanceWheel
      ratings={ratings}
      labels={copy.areas}
      title={copy.title}
      description={copy.described(WHEEL_AREAS.map((a) => `${copy.areas[a]} ${copy.value(ratings[a])}`))}
      valueText={copy.value}
      animate={animate}
    />
  );
}

function WheelStep({ view, send }: { view: StepsView; send: StepControls['send'] }) {
  const ratings = view.ratings!;
  if (view.step === 'rate')
    return (
      <>
        <Wheel ratings={ratings} />
        <Sliders>
          {WHEEL_AREAS.map((area) => (
            <AreaSlider
              key={area}
              label={copy.areas[area]}
              meaning={copy.areaHints[area]}
              value={ratings[area]}
              color={WHEEL_COLORS[area]}
              valueText={copy.value}
              onChange={(value) => {
                haptic.select();
                send({ type: 'RATE', area, value });
              }}
            />
          ))}
        </Sliders>
      </>
    );
  if (view.step === 'review')
    return (
      <>
        <Wheel ratings={ratings} />
        <Summary aria-labelledby="wheel-weak">
          <Average>{copy.average(formatAverage(view.average!))}</Average>
          {view.weak.length ? (
            <>
              <h3 id="wheel-weak">{copy.weakTitle}</h3>
              <ul>
                {view.weak.map((area) => (
                  <li key={area}>
                    {copy.areas[area]} — {copy.value(ratings[area])}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p id="wheel-weak">{copy.noneWeak}</p>
          )}
        </Summary>
      </>
    );
  return null;
}

export default function BalanceWheelRunner(props: RunnerProps) {
  return (
    <StepRunner
      {...props}
      machine={balanceWheelMachine}
      view={balanceWheelView}
      extra={(view, { send }) => <WheelStep view={view} send={send} />}
    />
  );
}
