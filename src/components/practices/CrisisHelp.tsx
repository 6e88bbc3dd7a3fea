// Shown beside a step practice when what was written signals a risk of suicide or self-harm: calm words and the
// helplines as tap-to-call links, never a closed door. Inside a live region that is always there, so its appearing
// is announced once.
import styled from 'styled-components';
import { MessageText } from '../chat/MessageText';

const Region = styled.div`
  &:empty {
    display: none;
  }
`;

const Note = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.tint(theme.color.button, 12)};
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.md};
  }
  p {
    margin: 0;
    white-space: pre-line;
  }
  a {
    font-weight: 600;
  }
`;

export function CrisisHelp({
  show,
  title,
  text,
  lines,
}: {
  show: boolean;
  title: string;
  text: string;
  lines: string;
}) {
  return (
    <Region aria-live="polite">
      {show ? (
        <Note>
          <h3>{title}</h3>
          <p>{text}</p>
          <p>
            <MessageText text={lines} />
          </p>
        </Note>
      ) : null}
    </Region>
  );
}
