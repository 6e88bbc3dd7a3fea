import styled, { keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;

/** A quiet activity indicator in the Telegram button colour. */
export const Spinner = styled.span.attrs({ role: 'progressbar', 'aria-label': 'Загрузка' })<{ $size?: number }>`
  display: inline-block;
  width: ${({ $size = 28 }) => $size}px;
  height: ${({ $size = 28 }) => $size}px;
  border-radius: 50%;
  border: 3px solid ${({ theme }) => theme.tint(theme.color.button, 20)};
  border-top-color: ${({ theme }) => theme.color.button};
  animation: ${spin} 0.8s linear infinite;
`;
