import { AnimatePresence, m } from 'framer-motion';
import { useRef } from 'react';
import styled from 'styled-components';
import type { ToastVariant, toastView } from '../../machines/app/toast.machine';
import { useReducedMotion } from '../lib/useReducedMotion';
import { Motion } from './Motion';

/** A swipe of 50 px dismisses the toast. */
const SWIPE_THRESHOLD_PX = 50;

const ToastBox = styled(m.div)<{ $variant: ToastVariant }>`
  pointer-events: auto;
  touch-action: none;
  width: 100%;
  padding: 12px 16px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.sectionBg};
  color: ${({ theme }) => theme.color.text};
  box-shadow: 0 6px 24px rgba(0, 0, 0, 0.16);
  border-left: 4px solid
    ${({ $variant, theme }) =>
      $variant === 'success'
        ? theme.color.success
        : $variant === 'warning'
          ? theme.color.warning
          : $variant === 'destructive'
            ? theme.color.destructive
            : theme.color.button};
`;

const Title = styled.div`
  font-weight: 600;
`;
const Description = styled.div`
  color: ${({ theme }) => theme.color.hint};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/**
 * Renders the toast machine's one visible toast when it is of this region's kind (`urgent` = destructive, in the
 * alert region); tap or swipe calls `onDismiss`. ToastHost binds it to the app's toast actor.
 */
export default function Toaster({
  urgent,
  visible,
  onDismiss: dismiss,
}: {
  urgent: boolean;
  visible: ReturnType<typeof toastView>['toast'];
  onDismiss: () => void;
}) {
  const toast = visible && (visible.variant === 'destructive') === urgent ? visible : null;
  const start = useRef<{ x: number; y: number } | null>(null);
  // Under reduced motion it only fades: framer-motion's own setting waits for its lazy features (AnimatedBottomSheet).
  const hidden = useReducedMotion() ? { opacity: 0 } : { opacity: 0, y: -16 };

  return (
    <Motion>
      <AnimatePresence>
        {toast ? (
          <ToastBox
            key={toast.id}
            $variant={toast.variant}
            initial={hidden}
            animate={{ opacity: 1, y: 0 }}
            exit={hidden}
            transition={{ duration: 0.2 }}
            onClick={dismiss}
            onPointerDown={(e) => {
              start.current = { x: e.clientX, y: e.clientY };
            }}
            onPointerUp={(e) => {
              const from = start.current;
              start.current = null;
              if (!from) return;
              const moved = Math.max(Math.abs(e.clientX - from.x), Math.abs(e.clientY - from.y));
              if (moved >= SWIPE_THRESHOLD_PX) dismiss();
            }}
          >
            <Title>{toast.title}</Title>
            {toast.description ? <Description>{toast.description}</Description> : null}
          </ToastBox>
        ) : null}
      </AnimatePresence>
    </Motion>
  );
}
