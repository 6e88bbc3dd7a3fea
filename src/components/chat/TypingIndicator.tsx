// Three dots in an assistant bubble while the reply's first words are on their way (announced by the screen's
// status line, so the dots themselves are hidden from screen readers).
import styled, { keyframes } from 'styled-components';
import { Bubble } from './MessageBubble';

const blink = keyframes`0%, 80%, 100% { opacity: 0.25; } 40% { opacity: 1; }`;

const Dots = styled.span`
  display: inline-flex;
  gap: 4px;
  padding: 6px 2px;
  span {
    width: 7px;
    height: 7px;
    border-radius: 50%;
    background: ${({ theme }) => theme.color.hint};
    animation: ${blink} 1.2s infinite ease-in-out;
  }
  span:nth-child(2) {
    animation-delay: 0.2s;
  }
  span:nth-child(3) {
    animation-delay: 0.4s;
  }
`;

export function TypingIndicator() {
  return (
    <Bubble $mine={false} aria-hidden data-testid="typing-indicator">
      <Dots>
        <span />
        <span />
        <span />
      </Dots>
    </Bubble>
  );
}
