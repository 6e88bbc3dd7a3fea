// A titled block of the profile's pages (settings, help, «Мои данные»): its heading names it for screen readers.
import type { ReactNode } from 'react';
import styled from 'styled-components';

const Block = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.md};
  }
  > p {
    margin: 0;
    color: ${({ theme }) => theme.color.subtitle};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;

/** `id` is the heading's: a radio group or list inside may be labelled by it. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Block aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </Block>
  );
}
