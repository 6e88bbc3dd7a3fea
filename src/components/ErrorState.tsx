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
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.md};
    color: ${({ theme }) => theme.color.text};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.color.text};
  }
`;

/** A load failure inside a screen: an optional title, the message and, when given, a retry button. */
export function ErrorState(props: { title?: string; message: string; retryLabel?: string; onRetry?: () => void }) {
  return (
    <Box role="alert">
      <AlertIcon />
      {props.title ? <h2>{props.title}</h2> : null}
      <p>{props.message}</p>
      {props.onRetry && props.retryLabel ? (
        <Button $variant="secondary" onClick={props.onRetry}>
          {props.retryLabel}
        </Button>
      ) : null}
    </Box>
  );
}
