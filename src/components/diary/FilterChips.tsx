import styled from 'styled-components';
import { diaryCopy, type DiaryFilter } from '../../copy/diary';

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  overflow-x: auto;
  scrollbar-width: none;
  margin: 0 -${({ theme }) => theme.space(4)};
  padding: 0 ${({ theme }) => theme.space(4)};
  &::-webkit-scrollbar { display: none; }
`;

const Chip = styled.button<{ $active: boolean }>`
  flex: none;
  padding: 8px 14px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: 500;
  background: ${({ $active, theme }) => ($active ? theme.color.button : theme.color.sectionBg)};
  color: ${({ $active, theme }) => ($active ? theme.color.buttonText : theme.color.text)};
`;

const ORDER: DiaryFilter[] = ['all', 'week', 'month', 'favorites'];

export function FilterChips(props: { value: DiaryFilter; onSelect: (filter: DiaryFilter) => void }) {
  return (
    <Row role="tablist">
      {ORDER.map((f) => (
        <Chip key={f} role="tab" aria-selected={props.value === f} $active={props.value === f} onClick={() => props.onSelect(f)}>
          {diaryCopy.filters[f]}
        </Chip>
      ))}
    </Row>
  );
}
