import styled, { keyframes } from 'styled-components';
import { a11yCopy } from '../copy/a11y';

const spin = keyframes`to { transform: rotate(360deg); }`;

/** A quiet activity indicator in the Telegram button colour, announced as «Загрузка». */
export const Spinner = styled.span.attrs({ role: 'progressbar', 'aria-label': a11yCopy.loading })<{ $size?: number }>`
  display: inline-block;
  width: ${({ $size = 28 }) => $size}px;
  height: ${({ $size = 28 }) => $size}px;
  border-radius: 50%;
  border: 3px solid ${({ theme }) => theme.tint(theme.color.button, 20)};
  border-top-color: ${({ theme }) => theme.color.button};
  animation: ${spin} 0.8s linear infinite;
  /* Under reduced motion it still turns (it says «loading»), slowly: it overrides GlobalStyle's stop. */
  ${({ theme }) => theme.reducedMotion} {
    animation-duration: 2.4s !important;
    animation-iteration-count: infinite !important;
  }
`;
