// «Мои данные» in the settings: «Скачать мои данные» (then «Скачать файл» once the link is ready: Telegram opens a
// download only in answer to a tap) and «Удалить все мои данные».
import type { MyDataStatus } from '../../../machines/privacy/my-data.machine';
import { myDataCopy } from '../../copy/privacy';
import { Button } from '../Button';
import { Section } from '../Section';

export function MyDataSection(props: {
  status: MyDataStatus;
  onExport: () => void;
  onDownload: () => void;
  onErase: () => void;
}) {
  const preparing = props.status === 'preparing';
  return (
    <Section id="my-data" title={myDataCopy.heading}>
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
