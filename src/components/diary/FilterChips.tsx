import styled from 'styled-components';
import { diaryCopy, type DiaryFilter } from '../../copy/diary';
import { Chip } from '../Chip';

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  overflow-x: auto;
  scrollbar-width: none;
  margin: 0 -${({ theme }) => theme.space(4)};
  padding: 0 ${({ theme }) => theme.space(4)};
  &::-webkit-scrollbar {
    display: none;
  }
`;

const ORDER: DiaryFilter[] = ['all', 'week', 'month', 'favorites'];

/** The four diary filters; the selected chip carries aria-pressed. */
export function FilterChips(props: { value: DiaryFilter; onSelect: (filter: DiaryFilter) => void }) {
  return (
    <Row role="group" aria-label={diaryCopy.filtersLabel}>
      {ORDER.map((f) => (
        <Chip key={f} $selected={props.value === f} onClick={() => props.onSelect(f)}>
          {diaryCopy.filters[f]}
        </Chip>
      ))}
    </Row>
  );
}
