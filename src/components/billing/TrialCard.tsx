// The trial offer on the profile: «Попробуйте PREMIUM бесплатно», 7 days of full access, «Активировать бесплатно».
import styled from 'styled-components';
import { trialCopy } from '../../copy/billing';
import { Button } from '../Button';
import { SparklesIcon } from '../icons';

const Offer = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.tint(theme.color.button, 14)};
  h2 {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.md};
    svg {
      flex: none;
      width: 24px;
      height: 24px;
      color: ${({ theme }) => theme.color.accent};
    }
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.color.text};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;

export function TrialCard({ onOpen }: { onOpen: () => void }) {
  return (
    <Offer aria-labelledby="trial-offer">
      <h2 id="trial-offer">
        <SparklesIcon />
        {trialCopy.cardTitle}
      </h2>
      <p>{trialCopy.cardText}</p>
      <Button $block onClick={onOpen}>
        {trialCopy.activate}
      </Button>
    </Offer>
  );
}
