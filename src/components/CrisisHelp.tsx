// Shown beside what someone writes (a step practice, a diary entry, a practice's comment) when it signals a risk of
// suicide or self-harm: calm words and the helplines as tap-to-call links, never a closed door. Inside a live region
// that is always there, so its appearing is announced once.
import styled from 'styled-components';
import type { CrisisLines } from '../../contract/safety/crisis-lines';
import { crisisCopy } from '../copy/crisis';
import { CrisisLinesList } from './CrisisLinesList';

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

/** `text`: the line for the place (crisisCopy.steps, .diary, .comment); `lines`: the operator's (useCrisisLines). */
export function CrisisHelp({ show, text, lines }: { show: boolean; text: string; lines: CrisisLines }) {
  return (
    <Region aria-live="polite">
      {show ? (
        <Note>
          <h3>{crisisCopy.title}</h3>
          <p>{text}</p>
          <p>{lines.intro}</p>
          <CrisisLinesList lines={lines} />
        </Note>
      ) : null}
    </Region>
  );
}
