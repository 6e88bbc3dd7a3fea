import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styled from 'styled-components';

const Round = styled.button`
  flex: none;
  min-width: 44px;
  min-height: 44px;
  display: grid;
  place-items: center;
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: ${({ theme }) => theme.color.hint};
  &:disabled {
    opacity: 0.4;
  }
`;

/**
 * A button that shows only an icon (close, back, send, microphone): `label` is its accessible name — required, in
 * Russian, from src/copy (a11yCopy for the generic ones). 44 px square at least, a comfortable touch target.
 */
export function IconButton({
  label,
  children,
  type = 'button',
  ...rest
}: { label: string; children: ReactNode } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'>) {
  return (
    <Round type={type} aria-label={label} {...rest}>
      {children}
    </Round>
  );
}
