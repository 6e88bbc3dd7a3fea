// The subscription card: the tier's name, a subtitle (the plan's description, or «Пробный период»), 'до {date}' when
// it ends — or, for a monthly Stars subscription, the next charge's date and «Отменить автопродление» / «Возобновить»
// —, today's usage, and «Улучшить тариф» to the plans (not on the top tier held by choice).
import styled from 'styled-components';
import type { UsageInfo } from '../../../contract/billing';
import { paths } from '../../../machines/paths';
import type { PlanView } from '../../../machines/users/profile.machine';
import { subscriptionCardCopy } from '../../copy/billing';
import { Button } from '../Button';
import { ButtonLink } from '../ButtonLink';
import { Card } from '../Card';

const copy = subscriptionCardCopy;

const Head = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  margin-bottom: ${({ theme }) => theme.space(3)};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.color.subtitle};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;

const Label = styled.p`
  text-transform: uppercase;
  letter-spacing: 0.04em;
  font-size: ${({ theme }) => theme.font.size.xs} !important;
`;

const Usage = styled.dl`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  font-size: ${({ theme }) => theme.font.size.sm};
  dt {
    color: ${({ theme }) => theme.color.hint};
  }
  dd {
    margin: 0;
    text-align: end;
  }
`;

const Today = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(1)};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: 600;
`;

/** The renewal's button and its failure, as the renewal machine's view says. */
export interface RenewalControlProps {
  saving: boolean;
  failed: boolean;
  detail: string | null;
  onCancel: () => void;
  onResume: () => void;
}

const Failure = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  color: ${({ theme }) => theme.color.destructive};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const RenewalBox = styled.div`
  margin-bottom: ${({ theme }) => theme.space(2)};
`;

function RenewalControl({
  autoRenew,
  saving,
  failed,
  detail,
  onCancel,
  onResume,
}: RenewalControlProps & { autoRenew: boolean }) {
  return (
    <RenewalBox>
      <Button
        type="button"
        $block
        $variant="secondary"
        aria-disabled={saving}
        onClick={() => {
          if (!saving) (autoRenew ? onCancel : onResume)();
        }}
      >
        {saving ? copy.renewalSaving : autoRenew ? copy.cancelRenewal : copy.resumeRenewal}
      </Button>
      {failed ? <Failure role="alert">{detail ?? copy.renewalFailed}</Failure> : null}
    </RenewalBox>
  );
}

export function SubscriptionCard({
  plan,
  usage,
  canUpgrade,
  renewal,
}: {
  plan: PlanView;
  usage: UsageInfo;
  canUpgrade: boolean;
  /** The renewal machine's view and its events; shown only for a monthly Stars subscription. */
  renewal?: RenewalControlProps;
}) {
  return (
    <Card aria-labelledby="subscription-tier">
      <Head>
        <Label>{copy.label}</Label>
        <h2 id="subscription-tier">{plan.name}</h2>
        <p>{plan.trial ? copy.trial : plan.description}</p>
        {plan.renewal?.autoRenew ? (
          <p>{copy.nextCharge(plan.renewal.renewsAt)}</p>
        ) : plan.expiresAt ? (
          <p>{copy.until(plan.expiresAt)}</p>
        ) : null}
        {plan.renewal && !plan.renewal.autoRenew ? <p>{copy.renewalOff}</p> : null}
      </Head>
      <Today>{copy.today}</Today>
      <Usage>
        <dt>{copy.messages}</dt>
        <dd>{copy.messagesLeft(usage.tokens_limit, usage.tokens_used)}</dd>
        <dt>{copy.diary}</dt>
        <dd>{copy.count(usage.diary_entries_limit, usage.diary_entries_used)}</dd>
        <dt>{copy.voice}</dt>
        <dd>{copy.minutes(usage.voice_seconds_limit, usage.voice_seconds_used)}</dd>
      </Usage>
      {plan.renewal && renewal ? <RenewalControl autoRenew={plan.renewal.autoRenew} {...renewal} /> : null}
      {canUpgrade ? (
        <ButtonLink to={paths.subscription} $block $variant="secondary">
          {copy.upgrade}
        </ButtonLink>
      ) : null}
    </Card>
  );
}
