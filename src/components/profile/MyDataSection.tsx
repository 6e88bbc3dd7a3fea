// «Мои данные» in the settings: «Скачать мои данные» (then «Скачать файл» once the link is ready: Telegram opens a
// download only in answer to a tap) and «Удалить все мои данные».
import styled from 'styled-components';
import type { MyDataStatus } from '../../../machines/profile/my-data.machine';
import { myDataCopy } from '../../copy/profile';
import { Button } from '../Button';

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.md};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.color.hint};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;

export function MyDataSection(props: {
  status: MyDataStatus;
  onExport: () => void;
  onDownload: () => void;
  onErase: () => void;
}) {
  const preparing = props.status === 'preparing';
  return (
    <Section aria-labelledby="my-data">
      <h2 id="my-data">{myDataCopy.heading}</h2>
      {props.status === 'ready' ? (
        <>
          <p role="status">{myDataCopy.ready}</p>
          <Button $block onClick={props.onDownload}>
            {myDataCopy.download}
          </Button>
        </>
      ) : (
        <Button $block $variant="secondary" onClick={props.onExport} aria-disabled={preparing} aria-busy={preparing}>
          {preparing ? myDataCopy.preparing : myDataCopy.export}
        </Button>
      )}
      <p>{myDataCopy.exportHint}</p>
      <Button $block $variant="destructive" onClick={props.onErase}>
        {myDataCopy.erase}
      </Button>
      <p>{myDataCopy.eraseHint}</p>
    </Section>
  );
}
