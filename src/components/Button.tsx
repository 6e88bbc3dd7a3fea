import styled, { css } from 'styled-components';

type Variant = 'primary' | 'secondary' | 'plain' | 'destructive';

export interface ButtonLook {
  $variant?: Variant;
  $block?: boolean;
}

/** The look of the app's buttons, for a link that must look like one (e.g. the chat list's «Новый чат»). */
export const buttonStyles = css<ButtonLook>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 48px;
  padding: 0 20px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  font-size: ${({ theme }) => theme.font.size.md};
  font-weight: 600;
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  transition:
    opacity 0.15s ease,
    transform 0.15s ease;
  &:active:not(:disabled):not([aria-disabled='true']) {
    transform: scale(0.98);
    opacity: 0.85;
  }
  /*
   * aria-disabled looks the same but keeps focus: for a button that is only briefly unavailable while its press
   * is worked on (the flow ignores presses meanwhile), so keyboard and screen-reader focus is not thrown to the
   * page start — and a dialog it opens can give focus back to it.
   */
  &:disabled,
  &[aria-disabled='true'] {
    opacity: 0.5;
    cursor: default;
  }
  ${({ $variant = 'primary', theme }) => {
    if ($variant === 'primary')
      return css`
        background: ${theme.color.button};
        color: ${theme.color.buttonText};
      `;
    if ($variant === 'secondary')
      return css`
        background: ${theme.tint(theme.color.button, 12)};
        color: ${theme.color.accent};
      `;
    // Outlined, not filled: the destructive colour is made readable as text on the page, and white on it is not.
    if ($variant === 'destructive')
      return css`
        background: transparent;
        color: ${theme.color.destructive};
        box-shadow: inset 0 0 0 1.5px ${theme.color.destructive};
      `;
    return css`
      background: transparent;
      color: ${theme.color.link};
      min-height: 40px;
      padding: 0 12px;
    `;
  }}
`;

/** Telegram-like button: filled with the theme's button colour, or a quiet secondary/plain one. */
export const Button = styled.button.attrs(({ type }) => ({ type: type ?? 'button' }))<ButtonLook>`
  ${buttonStyles}
`;
