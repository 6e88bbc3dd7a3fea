// The session's menu (⋯) with «Завершить досрочно» (a step practice's: «Завершить без сохранения») and «Продолжить
// практику»; open and closed are the runner machine's state.
import styled from 'styled-components';
import { practicesCopy } from '../../copy/practices';
import { Button } from '../Button';
import { IconButton } from '../IconButton';
import { Svg } from '../icons';

const Wrap = styled.div`
  position: relative;
  align-self: flex-end;
`;

const Toggle = styled(IconButton)`
  background: ${({ theme }) => theme.color.sectionBg};
  color: ${({ theme }) => theme.color.text};
`;

const Panel = styled.div`
  position: absolute;
  right: 0;
  top: calc(100% + 4px);
  z-index: 5;
  display: flex;
  flex-direction: column;
  min-width: 240px;
  padding: ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.bg};
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.16);
`;

export interface EarlyFinishMenuProps {
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  onFinishEarly: () => void;
  /** The finishing item's words, when not «Завершить досрочно». */
  finishLabel?: string;
}

export function EarlyFinishMenu({ open, onOpen, onClose, onFinishEarly, finishLabel }: EarlyFinishMenuProps) {
  const copy = practicesCopy.session;
  return (
    <Wrap>
      <Toggle
        label={copy.menu}
        aria-expanded={open}
        aria-controls={open ? 'practice-menu' : undefined}
        onClick={open ? onClose : onOpen}
      >
        <Svg>
          <path d="M6 12h.01M12 12h.01M18 12h.01" strokeWidth="3" />
        </Svg>
      </Toggle>
      {open ? (
        <Panel id="practice-menu">
          <Button $variant="plain" onClick={onFinishEarly}>
            {finishLabel ?? copy.finishEarly}
          </Button>
          <Button $variant="plain" onClick={onClose}>
            {copy.keepGoing}
          </Button>
        </Panel>
      ) : null}
    </Wrap>
  );
}
