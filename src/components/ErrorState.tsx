import styled from 'styled-components';
import { Button } from './Button';
import { AlertIcon } from './icons';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(10)} ${({ theme }) => theme.space(6)};
  text-align: center;
  color: ${({ theme }) => theme.color.hint};
  p {
    margin: 0;
    color: ${({ theme }) => theme.color.text};
  }
`;

/** A load failure inside a screen: the message and, when given, a retry button. */
export function ErrorState(props: { message: string; retryLabel?: string; onRetry?: () => void }) {
  return (
    <Box role="alert">
      <AlertIcon />
      <p>{props.message}</p>
      {props.onRetry && props.retryLabel ? (
        <Button $variant="secondary" onClick={props.onRetry}>
          {props.retryLabel}
        </Button>
      ) : null}
    </Box>
  );
}
