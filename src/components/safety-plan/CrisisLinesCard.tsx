// The crisis lines inside the plan: always there, whatever else loads, with every number a tap-to-call link.
import styled from 'styled-components';
import { safetyPlanCopy } from '../../copy/safety-plan';
import { MessageText } from '../chat/MessageText';
import { Card } from './parts';

const Text = styled.p`
  white-space: pre-line;
  a {
    font-weight: 600;
  }
`;

export function CrisisLinesCard({ text }: { text: string }) {
  return (
    <Card aria-label={safetyPlanCopy.linesHeading}>
      <h3>{safetyPlanCopy.linesHeading}</h3>
      <Text>
        <MessageText text={text} />
      </Text>
    </Card>
  );
}
