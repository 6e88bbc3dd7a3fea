// «Помощь рядом»: the sheet the chat's header opens for 72 hours after a crisis — the crisis lines as tap-to-call
// links and the way into the personal safety plan. Calm words; the sheet's own «Закрыть», Escape or the backdrop
// close it.
import type { CrisisLines } from '../../../contract/safety/crisis-lines';
import { chatCopy } from '../../copy/chat';
import { BottomSheet } from '../BottomSheet';
import { Button } from '../Button';
import { CrisisLinesList } from '../CrisisLinesList';
import { SheetBody, SheetNote } from '../SheetBody';

export function HelpNearbySheet({
  open,
  lines,
  onPlan,
  onClose,
}: {
  open: boolean;
  lines: CrisisLines;
  onPlan: () => void;
  onClose: () => void;
}) {
  return (
    <BottomSheet open={open} onClose={onClose} label={chatCopy.helpNearby.title}>
      <SheetBody>
        <h2>{chatCopy.helpNearby.title}</h2>
        <SheetNote>{lines.intro}</SheetNote>
        <CrisisLinesList lines={lines} />
        <Button $block $variant="secondary" onClick={onPlan}>
          {chatCopy.safetyPlan.open}
        </Button>
      </SheetBody>
    </BottomSheet>
  );
}
