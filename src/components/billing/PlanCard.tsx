// One tier on the plans screen: name and badge, period buttons with their discount, the price (stars first, roubles
// for reference), what is included, and the action ('Текущая подписка' | 'Выбрать' | 'Недоступно'). Plain props: it
// knows neither machines nor the API.
import styled from 'styled-components';
import type { PlanCardView } from '../../../machines/billing/plan-selection.machine';
import { billingCopy } from '../../copy/billing';
import { Button } from '../Button';
import { OfferPrice } from './OfferPrice';

const copy = billingCopy.plans;

const Box = styled.article<{ $featured: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  min-width: 0;
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.sectionBg};
  border: 2px solid ${({ $featured, theme }) => ($featured ? theme.color.button : 'transparent')};
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
  }
`;

const Badge = styled.span`
  padding: 2px 10px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.tint(theme.color.button, 16)};
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: 600;
`;

const Description = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.subtitle};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Periods = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const PeriodButton = styled.button.attrs({ type: 'button' })<{ $selected: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 36px;
  padding: 0 12px;
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ $selected, theme }) => ($selected ? theme.color.button : theme.color.separator)};
  background: ${({ $selected, theme }) => ($selected ? theme.tint(theme.color.button, 12) : 'transparent')};
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ $selected }) => ($selected ? 600 : 400)};
`;

const Discount = styled.span`
  color: ${({ theme }) => theme.color.text};
  font-weight: 700;
  font-size: ${({ theme }) => theme.font.size.xs};
`;

const Benefits = styled.div`
  h3 {
    margin: 0 0 ${({ theme }) => theme.space(1)};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  ul {
    margin: 0;
    padding: 0;
    list-style: none;
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  li {
    padding: 3px 0;
  }
  li::before {
    content: '✓';
    margin-right: 8px;
    color: ${({ theme }) => theme.color.button};
  }
`;

const Why = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.subtitle};
  font-size: ${({ theme }) => theme.font.size.sm};
  text-align: center;
`;

export interface PlanCardProps {
  card: PlanCardView;
  onPeriod: (months: number) => void;
  onChoose: () => void;
}

export function PlanCard({ card, onPeriod, onChoose }: PlanCardProps) {
  const { offer } = card;
  const headingId = `plan-${card.id}`;
  const whyId = `plan-${card.id}-why`;
  const unavailable = card.action === 'unavailable';
  return (
    <Box $featured={card.featured} aria-labelledby={headingId} data-tier={card.id}>
      <Head>
        <h2 id={headingId}>{card.name}</h2>
        {card.featured ? <Badge>{copy.featured}</Badge> : card.popular ? <Badge>{copy.popular}</Badge> : null}
      </Head>
      <Description>{card.description}</Description>
      {card.periods.length ? (
        <Periods role="group" aria-label={copy.periodsLabel}>
          {card.periods.map((p) => (
            <PeriodButton
              key={p.months}
              $selected={p.selected}
              aria-pressed={p.selected}
              onClick={() => onPeriod(p.months)}
            >
              {copy.period(p.months)}
              {p.discount > 0 ? <Discount>{copy.discountBadge(p.discount)}</Discount> : null}
            </PeriodButton>
          ))}
        </Periods>
      ) : null}
      {offer ? <OfferPrice offer={offer} currency="stars" /> : null}
      <Benefits>
        <h3>{copy.includes}</h3>
        <ul>
          {card.benefits.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
      </Benefits>
      <Button
        $block
        $variant={card.action === 'select' ? 'primary' : 'secondary'}
        disabled={card.action !== 'select'}
        aria-describedby={unavailable ? whyId : undefined}
        onClick={onChoose}
      >
        {copy.actions[card.action]}
      </Button>
      {unavailable ? <Why id={whyId}>{copy.unavailableWhy}</Why> : null}
    </Box>
  );
}
