import styled from 'styled-components';

/** A round-cornered icon tile tinted with its colour (home's streak and insight). */
export const Badge = styled.span<{ $color: string }>`
  flex: none;
  width: 48px;
  height: 48px;
  border-radius: 14px;
  display: grid;
  place-items: center;
  color: ${({ $color }) => $color};
  background: ${({ $color, theme }) => theme.tint($color, 16)};
`;
