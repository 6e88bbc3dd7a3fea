import { AnimatePresence, m } from 'framer-motion';
import { useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { a11yCopy } from '../copy/a11y';
import { useReducedMotion } from '../lib/useReducedMotion';
import { IconButton } from './IconButton';
import { CloseIcon } from './icons';
import { Motion } from './Motion';
import { useModalFocus } from './useModalFocus';

const Backdrop = styled(m.div)`
  position: fixed;
  inset: 0;
  z-index: 50;
  background: rgba(0, 0, 0, 0.4);
`;

const Sheet = styled(m.div)`
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: 51;
  max-height: 90vh;
  overflow-y: auto;
  padding: ${({ theme }) => theme.space(5)} ${({ theme }) => theme.space(4)}
    calc(${({ theme }) => theme.space(5)} + ${({ theme }) => theme.inset.bottom});
  border-radius: ${({ theme }) => theme.radius.lg} ${({ theme }) => theme.radius.lg} 0 0;
  background: ${({ theme }) => theme.color.bg};
  color: ${({ theme }) => theme.color.text};
  box-shadow: 0 -8px 32px rgba(0, 0, 0, 0.18);
  &:focus {
    outline: none;
  }
`;

/** Its own row, so enlarged titles below never run under it. */
const Head = styled.div`
  display: flex;
  justify-content: flex-end;
  margin: -${({ theme }) => theme.space(3)} -${({ theme }) => theme.space(2)} 0;
`;

export interface BottomSheetProps {
  open: boolean;
  onClose: () => void;
  label: string;
  children: ReactNode;
  /** The close button's name when closing means more than «Закрыть» (the recorder's «Отменить запись»). */
  closeLabel?: string;
  /** A tap beside the sheet closes it (default); off where that would throw away work, like a recording. */
  closeOnBackdrop?: boolean;
}

/**
 * The sheet itself, with framer-motion; loaded by <BottomSheet> when first opened. A modal dialog: focus moves in
 * and stays in while it is open, Escape, the backdrop or its «Закрыть» button closes it (a screen reader on a
 * phone has no Escape), focus returns to the opener. Under reduced motion it appears in place: it starts there
 * (`initial={false}`), since framer-motion's own setting applies only once the lazy features have loaded and until
 * then the sheet would sit one height below the screen.
 */
export default function AnimatedBottomSheet(props: BottomSheetProps) {
  const sheet = useRef<HTMLDivElement>(null);
  useModalFocus(sheet, props.open, props.onClose);
  const still = useReducedMotion();
  return (
    <Motion>
      <AnimatePresence>
        {props.open ? (
          <>
            <Backdrop
              key="backdrop"
              initial={{ opacity: 0 }}
              animate={{ opacity: 1 }}
              exit={{ opacity: 0 }}
              onClick={props.closeOnBackdrop === false ? undefined : props.onClose}
            />
            <Sheet
              key="sheet"
              ref={sheet}
              tabIndex={-1}
              role="dialog"
              aria-modal="true"
              aria-label={props.label}
              initial={still ? false : { y: '100%' }}
              animate={{ y: 0 }}
              exit={{ y: '100%' }}
              transition={{ type: 'tween', duration: 0.25 }}
            >
              <Head>
                <IconButton label={props.closeLabel ?? a11yCopy.close} onClick={props.onClose}>
                  <CloseIcon />
                </IconButton>
              </Head>
              {props.children}
            </Sheet>
          </>
        ) : null}
      </AnimatePresence>
    </Motion>
  );
}
