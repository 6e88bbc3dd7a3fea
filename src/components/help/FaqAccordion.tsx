// The FAQ: each question a button (aria-expanded, aria-controls) over its answer region; phone numbers in an
// answer are tap-to-call links (the chat's phonePieces, through MessageText).
import styled from 'styled-components';
import type { FaqItem } from '../../copy/help';
import { MessageText } from '../chat/MessageText';
import { ChevronIcon } from '../icons';
import { groupedRow, groupedRows } from '../grouped';

const List = styled.div`
  ${groupedRows}
  h3 {
    margin: 0;
    font-size: inherit;
  }
`;

const Question = styled.button<{ $open: boolean }>`
  ${groupedRow}
  width: 100%;
  border: 0;
  background: transparent;
  font: inherit;
  font-weight: 600;
  text-align: start;
  svg {
    transform: rotate(${({ $open }) => ($open ? '90deg' : '0deg')});
    transition: transform 0.2s ease;
  }
`;

const Answer = styled.div`
  padding: 0 ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(4)};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  p {
    margin: 0;
    white-space: pre-line;
    overflow-wrap: anywhere;
  }
`;

export function FaqAccordion(props: { items: FaqItem[]; open: string[]; onToggle: (id: string) => void }) {
  return (
    <List>
      {props.items.map((item) => {
        const open = props.open.includes(item.id);
        const answerId = `faq-${item.id}`;
        return (
          <div key={item.id}>
            <h3>
              <Question
                type="button"
                $open={open}
                aria-expanded={open}
                aria-controls={answerId}
                onClick={() => props.onToggle(item.id)}
              >
                {item.question}
                <ChevronIcon />
              </Question>
            </h3>
            <Answer id={answerId} role="region" aria-label={item.question} hidden={!open}>
              {item.answer.map((paragraph) => (
                <p key={paragraph}>
                  <MessageText text={paragraph} />
                </p>
              ))}
            </Answer>
          </div>
        );
      })}
    </List>
  );
}
