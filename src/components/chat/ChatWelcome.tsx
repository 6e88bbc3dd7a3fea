// The empty chat: the greeting, the question, and the eight topic tiles (a tap sends the tile's text).
import styled from 'styled-components';
import { CHAT_TOPICS, chatCopy } from '../../copy/chat';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin: auto 0;
  padding: ${({ theme }) => theme.space(6)} 0;
  text-align: center;
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.color.hint};
  }
`;

const Tiles = styled.ul`
  display: grid;
  /* In rem: two columns at the usual text size, one when enlarged text would break the words. */
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 10rem), 1fr));
  gap: ${({ theme }) => theme.space(2)};
  width: 100%;
  margin: ${({ theme }) => theme.space(3)} 0 0;
  padding: 0;
  list-style: none;
`;

const Tile = styled.button`
  width: 100%;
  height: 100%;
  min-height: 56px;
  padding: ${({ theme }) => theme.space(3)};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.secondaryBg};
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.sm};
  text-align: left;
  &:active {
    opacity: 0.8;
  }
  &:disabled {
    opacity: 0.6;
  }
`;

export function ChatWelcome({ disabled, onTopic }: { disabled: boolean; onTopic: (text: string) => void }) {
  return (
    <Box>
      <h2>{chatCopy.session.greeting}</h2>
      <p>{chatCopy.session.prompt}</p>
      <Tiles aria-label={chatCopy.session.topicsLabel}>
        {CHAT_TOPICS.map((topic) => (
          <li key={topic}>
            <Tile disabled={disabled} onClick={() => onTopic(topic)}>
              {topic}
            </Tile>
          </li>
        ))}
      </Tiles>
    </Box>
  );
}
