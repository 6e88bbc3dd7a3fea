// The reusable upgrade bottom sheet (spec sections 2 and 8). A screen creates the dialog actor with
// useUpgradeDialog(), sends it OPEN {key} (e.g. from its gate machine), and renders <UpgradeDialog actorRef/>.
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import styled, { keyframes } from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import { upgradeDialogMachine } from '../../../machines/upgrade-dialog.machine';
import { Button } from '../../components/Button';
import { upgradeCopy } from '../../copy/upgrade';
import { haptic } from '../../telegram/haptic';

export type UpgradeDialogRef = ActorRefFrom<typeof upgradeDialogMachine>;

export function useUpgradeDialog(): UpgradeDialogRef {
  const navigate = useNavigate();
  const machine = useMemo(
    () => upgradeDialogMachine.provide({ actions: { navigate: (_, params) => navigate(params.to) } }),
    [navigate],
  );
  return useActorRef(machine);
}

const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;
const slideUp = keyframes`from { transform: translateY(100%); } to { transform: translateY(0); }`;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 90;
  display: flex;
  align-items: flex-end;
  justify-content: center;
  background: rgba(0, 0, 0, 0.4);
  animation: ${fadeIn} 0.2s ease;
  @media (prefers-reduced-motion: reduce) { animation: none; }
`;

const Sheet = styled.div`
  width: min(100%, 520px);
  padding: ${({ theme }) => `${theme.space(6)} ${theme.space(5)} calc(${theme.space(5)} + ${theme.inset.bottom})`};
  border-radius: ${({ theme }) => `${theme.radius.lg} ${theme.radius.lg} 0 0`};
  background: ${({ theme }) => theme.color.bg};
  color: ${({ theme }) => theme.color.text};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  animation: ${slideUp} 0.25s ease-out;
  @media (prefers-reduced-motion: reduce) { animation: none; }
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
  li { padding: 4px 0; }
  li::before { content: '✓'; margin-right: 8px; color: ${({ theme }) => theme.color.button}; }
`;

export function UpgradeDialog({ actorRef }: { actorRef: UpgradeDialogRef }) {
  const open = useSelector(actorRef, (s) => s.matches('open'));
  const key = useSelector(actorRef, (s) => s.context.key);
  if (!open || !key) return null;
  const copy: { title: string; subtitle?: string; button: string } = upgradeCopy.dialogs[key];
  return (
    <Backdrop onClick={(e) => e.target === e.currentTarget && actorRef.send({ type: 'DISMISS' })}>
      <Sheet role="dialog" aria-modal="true" aria-labelledby="upgrade-dialog-title">
        <Title id="upgrade-dialog-title">{copy.title}</Title>
        {copy.subtitle ? <Subtitle>{copy.subtitle}</Subtitle> : null}
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
      </Sheet>
    </Backdrop>
  );
}
