// A period's price as both the plans and the checkout show it (issue 24: the discount the same way on both): the full
// price struck with «Скидка N% · экономия …» when the period saves, the price with «в месяц» / «за N месяцев», and
// the other currency for reference. Plain props: it knows neither machines nor the API.
import styled from 'styled-components';
import type { PeriodOffer, ShownCurrency } from '../../../machines/billing/pricing';
import { billingCopy, formatPrice } from '../../copy/billing';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
`;

/** One line of the price: its parts side by side, wrapping on a narrow screen. */
const PriceLine = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: 0 ${({ theme }) => theme.space(2)};
  margin: 0;
`;

const Was = styled(PriceLine)`
  font-size: ${({ theme }) => theme.font.size.sm};
  s {
    color: ${({ theme }) => theme.color.subtitle};
  }
`;

const Discount = styled.span`
  font-weight: 700;
`;

const Now = styled(PriceLine)`
  strong {
    font-size: ${({ theme }) => theme.font.size.xl};
    white-space: nowrap;
  }
  span {
    color: ${({ theme }) => theme.color.subtitle};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;

const Reference = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.subtitle};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

export interface OfferPriceProps {
  offer: PeriodOffer;
  /** The currency the price is shown in; the other one is the reference. */
  currency: ShownCurrency;
}

export function OfferPrice({ offer, currency }: OfferPriceProps) {
  const price = offer[currency];
  const other = currency === 'stars' ? offer.rub : offer.stars;
  return (
    <Box>
      {price.discount > 0 ? (
        <Was>
          <s>{formatPrice(currency, price.full)}</s>
          <Discount>{billingCopy.price.discount(price.discount, formatPrice(currency, price.saving))}</Discount>
        </Was>
      ) : null}
      <Now>
        <strong>{formatPrice(currency, price.amount)}</strong>
        <span>{billingCopy.plans.per(offer.months)}</span>
      </Now>
      <Reference>{billingCopy.price.reference(currency, other.amount)}</Reference>
    </Box>
  );
}
