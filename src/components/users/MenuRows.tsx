// The profile's menu: rows that are links (navigation), each with its chevron.
import { RouteLink } from '../RouteLink';
import styled from 'styled-components';
import { ChevronIcon } from '../icons';
import { groupedRow, groupedRows } from '../grouped';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  ${groupedRows}
`;

const Row = styled(RouteLink)`
  ${groupedRow}
  text-decoration: none;
`;

export function MenuRows({
  label,
  rows,
}: {
  label: string;
  /** `state`: navigation state for the page it opens (where it was opened from). */
  rows: Array<{ to: string; text: string; state?: unknown }>;
}) {
  return (
    <nav aria-label={label}>
      <List>
        {rows.map((row) => (
          <li key={row.to}>
            <Row to={row.to} state={row.state}>
              {row.text}
              <ChevronIcon />
            </Row>
          </li>
        ))}
      </List>
    </nav>
  );
}
