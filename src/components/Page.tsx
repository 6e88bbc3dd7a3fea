import type { ReactNode } from 'react';
import styled from 'styled-components';

const Wrapper = styled.main`
  padding: ${({ theme }) => `${theme.space(4)} ${theme.space(4)} ${theme.space(6)}`};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
`;

export const PageTitle = styled.h1`
  margin: ${({ theme }) => `${theme.space(2)} 0 ${theme.space(1)}`};
  font-size: ${({ theme }) => theme.font.size.xl};
  font-weight: 700;
  letter-spacing: -0.01em;
`;

/**
 * A scrolling screen body with an optional large title: the page's one `main` landmark (layouts add none), and
 * its `h1` when `title` is given (screens without one render their own h1 inside).
 */
export function Page({ title, children }: { title?: string; children?: ReactNode }) {
  return (
    <Wrapper>
      {title ? <PageTitle>{title}</PageTitle> : null}
      {children}
    </Wrapper>
  );
}
