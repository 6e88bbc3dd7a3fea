// The upgrade bottom sheet: the title for the dialog's key, the benefits, the upgrade button and «Позже» — or, in
// the after-crisis window, the title and «Понятно» with nothing to sell (the machine's `quiet`). The app
// renders one, for its one dialog actor (src/flow/FlowHost.tsx); flows open it with the `openUpgradeDialog` action.
import { shallowEqual, useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import { upgradeDialogView, type upgradeDialogMachine } from '../../../machines/app/upgrade-dialog.machine';
import { BottomSheet } from '../../components/BottomSheet';
import { Button } from '../../components/Button';
import { upgradeCopy, type UpgradeDialogCopy } from '../../copy/upgrade';
import { haptic } from '../../telegram/haptic';

export type UpgradeDialogRef = ActorRefFrom<typeof upgradeDialogMachine>;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  max-width: 520px;
  margin: 0 auto;
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.lg};
  text-align: center;
`;

const Subtitle = styled.p`
  margin: 0;
  text-align: center;
  color: ${({ theme }) => theme.color.hint};
`;

const Benefits = styled.ul`
  margin: 0;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  list-style: none;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.secondaryBg};
  li {
    padding: 4px 0;
  }
  li::before {
    content: '✓';
    margin-right: 8px;
    color: ${({ theme }) => theme.color.button};
  }
`;

export default function UpgradeDialog({ actorRef }: { actorRef: UpgradeDialogRef }) {
  const { open, key, upsell } = useSelector(actorRef, upgradeDialogView, shallowEqual);
  const copy: UpgradeDialogCopy | null = key ? upgradeCopy.dialogs[key] : null;
  return (
    <BottomSheet
      open={open && copy !== null}
      onClose={() => actorRef.send({ type: 'DISMISS' })}
      label={copy?.title ?? ''}
    >
      {copy ? (
        <Body>
          <Title>{copy.title}</Title>
          {!upsell ? (
            <>
              <Subtitle>{upgradeCopy.quiet}</Subtitle>
              <Button $block $variant="secondary" onClick={() => actorRef.send({ type: 'DISMISS' })}>
                {upgradeCopy.understood}
              </Button>
            </>
          ) : null}
          {upsell && copy.subtitle ? <Subtitle>{copy.subtitle}</Subtitle> : null}
          {upsell ? <Upsell copy={copy} actorRef={actorRef} /> : null}
        </Body>
      ) : null}
    </BottomSheet>
  );
}

/** The benefits, the upgrade button and «Позже» (never in the after-crisis window). */
function Upsell({ copy, actorRef }: { copy: UpgradeDialogCopy; actorRef: UpgradeDialogRef }) {
  return (
    <>
      <Benefits>
        {upgradeCopy.benefits.map((b) => (
          <li key={b}>{b}</li>
        ))}
      </Benefits>
      <Button
        $block
        onClick={() => {
          haptic.tap();
          actorRef.send({ type: 'UPGRADE' });
        }}
      >
        {copy.button}
      </Button>
      <Button $block $variant="plain" onClick={() => actorRef.send({ type: 'DISMISS' })}>
        {upgradeCopy.later}
      </Button>
    </>
  );
}
