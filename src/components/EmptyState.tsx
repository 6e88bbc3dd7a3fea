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
  h1,
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.md};
    color: ${({ theme }) => theme.color.text};
  }
  p {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  /* Icons in the theme's accent, as everywhere (issue 24); the words stay quiet. */
  svg {
    color: ${({ theme }) => theme.color.accent};
  }
`;

/**
 * «Nothing here yet»: an icon, a title, a hint and an optional action. `headingLevel={1}` when the empty state is
 * the whole page (an entry that does not exist), so the page still has its h1.
 */
export function EmptyState(props: {
  icon?: ReactNode;
  title: string;
  text?: string;
  action?: ReactNode;
  headingLevel?: 1 | 2;
}) {
  const Heading = props.headingLevel === 1 ? 'h1' : 'h2';
  return (
    <Box>
      {props.icon}
      <Heading>{props.title}</Heading>
      {props.text ? <p>{props.text}</p> : null}
      {props.action}
    </Box>
  );
}
