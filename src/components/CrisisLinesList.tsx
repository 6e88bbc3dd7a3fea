// The crisis lines as a list, each number a tap-to-call link: «в Москве — 051 (с мобильного +7 495 051), бесплатно
// и круглосуточно». The words are the ones the chat's crisis reply uses (contract/safety/crisis-lines.ts).
import styled from 'styled-components';
import { telHref, type CrisisLines } from '../../contract/safety/crisis-lines';

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  /* The text's own colour, underlined: readable on every surface it sits on (a sheet, a tinted card) in both
     Telegram themes, where the link colour may not be. */
  a {
    color: inherit;
    font-weight: 600;
    text-decoration: underline;
    white-space: nowrap;
  }
`;

export function CrisisLinesList({ lines }: { lines: CrisisLines }) {
  return (
    <List data-testid="crisis-lines">
      {lines.lines.map((line) => {
        const [first, ...others] = line.phones;
        return (
          <li key={line.id}>
            {line.label} — <a href={telHref(first!.number)}>{first!.number}</a>
            {others.map((phone) => (
              <span key={phone.number}>
                {' ('}
                {phone.note ? `${phone.note} ` : ''}
                <a href={telHref(phone.number)}>{phone.number}</a>)
              </span>
            ))}
            {line.details ? `, ${line.details}` : ''}
          </li>
        );
      })}
    </List>
  );
}
