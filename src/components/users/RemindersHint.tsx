// Under «Напоминания», while a time is chosen but the bot cannot write to the user: why no reminder would come, how
// to allow it here (Telegram's own question), and how to lift a block, which only Telegram can.
import styled from 'styled-components';
import { settingsCopy } from '../../copy/users';
import { Button } from '../Button';

const copy = settingsCopy.reminders;

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  padding: 12px 14px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.sectionBg};
  p {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;

export function RemindersHint(props: { canAsk: boolean; busy: boolean; onAsk: () => void }) {
  return (
    <Box role="status">
      <p>{copy.unreachable}</p>
      <p>{copy.restartBot}</p>
      {props.canAsk ? (
        <Button $variant="secondary" onClick={props.onAsk} aria-disabled={props.busy} aria-busy={props.busy}>
          {copy.allow}
        </Button>
      ) : null}
    </Box>
  );
}
