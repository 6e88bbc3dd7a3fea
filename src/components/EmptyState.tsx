import type { ReactNode } from 'react';
import styled from 'styled-components';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
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
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;

/** «Nothing here yet»: an icon, a title, a hint and an optional action. */
export function EmptyState(props: { icon?: ReactNode; title: string; text?: string; action?: ReactNode }) {
  return (
    <Box>
      {props.icon}
      <h2>{props.title}</h2>
      {props.text ? <p>{props.text}</p> : null}
      {props.action}
    </Box>
  );
}
