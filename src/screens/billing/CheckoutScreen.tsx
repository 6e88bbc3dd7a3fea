// /app/profile/subscription/checkout?tier=…&period=…: binds the checkout machine with the billing calls and Telegram's
// payment window. Back goes to the tariffs.
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { checkoutMachine, checkoutView } from '../../../machines/billing/checkout.machine';
import { billingActors } from '../../api/billing.actors';
import { OfferPrice } from '../../components/billing/OfferPrice';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { Page } from '../../components/Page';
import { Spinner } from '../../components/Spinner';
import { billingCopy, formatDay } from '../../copy/billing';
import { commonCopy } from '../../copy/common';
import { useFlow } from '../../flow/useFlow';
import { haptic } from '../../telegram/haptic';
import { invoiceActors } from '../../telegram/invoice';
import { useBackButton } from '../../telegram/useBackButton';

const copy = billingCopy.checkout;

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.sectionBg};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.md};
  }
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.subtitle};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Method = styled.label<{ $disabled: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.separator};
  opacity: ${({ $disabled }) => ($disabled ? 0.6 : 1)};
  input {
    width: 20px;
    height: 20px;
    margin: 0;
    accent-color: ${({ theme }) => theme.color.button};
  }
  div {
    display: flex;
    flex-direction: column;
    gap: 2px;
    flex: 1;
  }
  small {
    color: ${({ theme }) => theme.color.subtitle};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;

const Badge = styled.span`
  padding: 2px 8px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.tint(theme.color.button, 14)};
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: 600;
`;

const Status = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(4)};
  text-align: center;
  h2 {
    margin: 0;
  }
  p {
    margin: 0;
  }
`;

/** What paying does to the plan held: a note in the summary, read before paying. */
const Change = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.tint(theme.color.button, 12)};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const CHOOSE_METHOD_ID = 'checkout-choose-method';

const BackLink = styled(Button)`
  align-self: flex-start;
  padding-left: 0;
`;

export default function CheckoutScreen() {
  const [query] = useSearchParams();
  const { view, send } = useFlow(checkoutMachine, checkoutView, {
    input: { tier: query.get('tier'), period: query.get('period') },
    actors: { ...billingActors, ...invoiceActors },
  });
  const nativeBack = useBackButton(() => send({ type: 'BACK' }));
  const toPlans = (
    <Button $variant="secondary" onClick={() => send({ type: 'TO_PLANS' })}>
      {copy.toPlans}
    </Button>
  );
  const { summary, status } = view;

  return (
    <Page title={copy.title}>
      {nativeBack ? null : (
        <BackLink $variant="plain" onClick={() => send({ type: 'BACK' })}>
          ← {commonCopy.back}
        </BackLink>
      )}
      {status === 'loading' || status === 'previewing' ? (
        <Status>
          <Spinner />
        </Status>
      ) : null}
      {status === 'error' ? (
        <ErrorState message={copy.loadError} retryLabel={copy.retry} onRetry={() => send({ type: 'RETRY' })} />
      ) : null}
      {status === 'notFound' ? <EmptyState title={copy.notFound} action={toPlans} /> : null}
      {status === 'unavailable' ? (
        <EmptyState title={copy.unavailable} text={copy.unavailableText} action={toPlans} />
      ) : null}

      {summary && (status === 'ready' || status === 'creatingInvoice' || status === 'invoiceOpen') ? (
        <>
          <Section aria-label={copy.summaryLabel}>
            <h2>
              {summary.name} · {billingCopy.plans.period(summary.months)}
            </h2>
            <OfferPrice offer={summary} currency={view.currency} />
            {view.credit ? <Change>{copy.credit(view.credit)}</Change> : null}
            {view.endsTrial ? <Change>{copy.endsTrial(view.endsTrial, summary.name)}</Change> : null}
          </Section>
          <Section role="radiogroup" aria-labelledby="methods-title">
            <h2 id="methods-title">{copy.methodsTitle}</h2>
            {view.methods.map((m) => {
              const words = copy.methods[m.id];
              return (
                <Method key={m.id} $disabled={!m.available}>
                  <input
                    type="radio"
                    name="method"
                    value={m.id}
                    checked={m.selected}
                    disabled={!m.available || view.busy}
                    onChange={() => {
                      haptic.select();
                      send({ type: 'METHOD.SELECT', method: m.id });
                    }}
                  />
                  <div>
                    <span>{words.name}</span>
                    <small>{m.available ? words.hint : copy.cardOff}</small>
                  </div>
                  {m.recommended ? <Badge>{words.badge}</Badge> : null}
                </Method>
              );
            })}
          </Section>
          {view.invoiceFailed ? <Hint role="alert">{view.invoiceDetail ?? copy.invoiceFailed}</Hint> : null}
          <Button
            $block
            disabled={!view.canPay}
            aria-busy={view.busy}
            aria-describedby={view.method === null ? CHOOSE_METHOD_ID : undefined}
            onClick={() => {
              haptic.tap();
              send({ type: 'PAY' });
            }}
          >
            {view.busy ? copy.opening : copy.pay(view.method, summary.rub.amount, summary.stars.amount)}
          </Button>
          {view.method === null ? <Hint id={CHOOSE_METHOD_ID}>{copy.chooseMethod}</Hint> : null}
        </>
      ) : null}

      {status === 'confirming' ? (
        <Status role="status">
          <Spinner />
          <p>{view.outcome === 'pending' ? copy.pending : copy.paid}</p>
        </Status>
      ) : null}
      {status === 'delayed' ? (
        <Status role="status">
          <p>{copy.delayed}</p>
          <Button $variant="secondary" onClick={() => send({ type: 'CHECK_AGAIN' })}>
            {copy.checkAgain}
          </Button>
        </Status>
      ) : null}
      {status === 'thanks' && view.confirmed ? (
        <Status role="status">
          <h2>{copy.thanksTitle}</h2>
          <p>{copy.thanks(view.confirmed.tier, formatDay(view.confirmed.expires_at))}</p>
          <Button onClick={() => send({ type: 'DONE' })}>{copy.done}</Button>
        </Status>
      ) : null}
      {status === 'cancelled' || status === 'failed' || status === 'unsupported' ? (
        <Status role="alert">
          <p>{copy[status]}</p>
          <Button onClick={() => send({ type: 'RETRY' })}>{copy.tryAgain}</Button>
        </Status>
      ) : null}
    </Page>
  );
}
