// /app/profile/settings: binds the settings page's machine, which runs the settings flow (style, «вы» or «ты»,
// reminders, «Обо мне» with its device draft and the write-access request) and the own-data flow (download my data,
// erase everything), and holds «Обо мне» while everything is erased. Leaving the screen, by any way, sends LEAVE
// first, so «Обо мне» typed just now still reaches the server.
import { useLayoutEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import type { AddressForm, CommunicationStyle, ReminderTime } from '../../../contract/settings';
import type { ExportDownload } from '../../../machines/privacy/my-data.machine';
import { settingsPageMachine, settingsPageView } from '../../../machines/users/settings-page.machine';
import { privacyActors } from '../../api/privacy.actors';
import { settingsActors } from '../../api/settings.actors';
import { useAuthView } from '../../auth/AuthProvider';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { Page } from '../../components/Page';
import { PageSpinner } from '../../components/PageSpinner';
import { AboutField } from '../../components/users/AboutField';
import { ChoiceGroup } from '../../components/users/ChoiceGroup';
import { EraseSheet } from '../../components/privacy/EraseSheet';
import { MyDataSection } from '../../components/privacy/MyDataSection';
import { RemindersHint } from '../../components/users/RemindersHint';
import { Section } from '../../components/Section';
import { myDataCopy } from '../../copy/privacy';
import { settingsCopy } from '../../copy/users';
import { useFlow } from '../../flow/useFlow';
import { haptic } from '../../telegram/haptic';
import { openDownload } from '../../telegram/links';
import { useBackButton } from '../../telegram/useBackButton';
import { writeAccessActors } from '../../telegram/writeAccess';
import { aboutDraftEffects, aboutDraftStore } from './aboutDraft';
import { forgetDevice, restartApp } from './deviceData';

const styles = Object.entries(settingsCopy.style.options).map(([value, o]) => ({
  value: value as CommunicationStyle,
  label: o.label,
  description: o.description,
}));
const addresses = Object.entries(settingsCopy.address.options).map(([value, o]) => ({
  value: value as AddressForm,
  label: o.label,
  description: o.description,
}));
const reminders = Object.entries(settingsCopy.reminders.options).map(([value, label]) => ({
  value: value as ReminderTime,
  label,
}));

const BackLink = styled(Button)`
  align-self: flex-start;
  padding-left: 0;
`;

export default function SettingsScreen() {
  const telegramId = useAuthView().user?.telegram_id;
  const id = typeof telegramId === 'number' ? telegramId : null;
  const store = useMemo(() => aboutDraftStore(id), [id]);
  // Read once, when the screen opens: the machine takes it from there.
  const [input] = useState(() => ({ aboutDraft: store.load() }));
  const { view, send } = useFlow(settingsPageMachine, settingsPageView, {
    input,
    children: {
      settings: { actors: { ...settingsActors, ...writeAccessActors }, actions: aboutDraftEffects(store) },
      myData: {
        actors: privacyActors,
        actions: {
          openDownload: (_: unknown, download: ExportDownload) => openDownload(download),
          forgetDevice: () => forgetDevice(id),
          restartApp,
        },
      },
    },
  });
  // A layout effect's cleanup runs before the flow's actor is stopped (a passive effect's): LEAVE still arrives.
  useLayoutEffect(() => () => send({ type: 'LEAVE' }), [send]);
  const nativeBack = useBackButton(() => send({ type: 'BACK' }));
  const { status, style, address, reminder, about, aboutLength, choosing, aboutSaving, aboutFailed } = view;
  const { remindersUnreachable, canAskWriteAccess, dataStatus } = view;

  return (
    <Page title={settingsCopy.title}>
      {nativeBack ? null : (
        <BackLink $variant="plain" onClick={() => send({ type: 'BACK' })}>
          <span aria-hidden>←</span> {settingsCopy.back}
        </BackLink>
      )}
      {dataStatus === 'farewell' ? (
        <div role="status">
          <EmptyState title={myDataCopy.farewell.title} text={myDataCopy.farewell.text} />
        </div>
      ) : null}
      {status === 'loading' ? <PageSpinner /> : null}
      {status === 'error' ? (
        <ErrorState
          message={settingsCopy.loadError}
          retryLabel={settingsCopy.retry}
          onRetry={() => send({ type: 'RETRY' })}
        />
      ) : null}
      {status === 'ready' && dataStatus !== 'farewell' ? (
        <>
          <Section id="settings-style" title={settingsCopy.style.heading}>
            <ChoiceGroup
              labelledBy="settings-style"
              choices={styles}
              value={style}
              busy={choosing}
              onChange={(value) => {
                haptic.select();
                send({ type: 'STYLE.SELECT', style: value });
              }}
            />
          </Section>
          <Section id="settings-address" title={settingsCopy.address.heading}>
            <ChoiceGroup
              labelledBy="settings-address"
              choices={addresses}
              value={address}
              busy={choosing}
              onChange={(value) => {
                haptic.select();
                send({ type: 'ADDRESS.SELECT', address: value });
              }}
            />
          </Section>
          <Section id="settings-reminders" title={settingsCopy.reminders.heading}>
            <ChoiceGroup
              labelledBy="settings-reminders"
              choices={reminders}
              value={reminder}
              busy={choosing}
              onChange={(value) => {
                haptic.select();
                send({ type: 'REMINDER.SELECT', time: value });
              }}
            />
            {remindersUnreachable ? (
              <RemindersHint
                canAsk={canAskWriteAccess}
                busy={choosing}
                onAsk={() => send({ type: 'WRITE_ACCESS.ASK' })}
              />
            ) : null}
          </Section>
          <AboutField
            value={about}
            length={aboutLength}
            saving={aboutSaving}
            failed={aboutFailed}
            onChange={(text) => send({ type: 'ABOUT.CHANGE', text })}
          />
        </>
      ) : null}
      <MyDataSection
        status={dataStatus}
        onExport={() => {
          haptic.tap();
          send({ type: 'EXPORT' });
        }}
        onDownload={() => send({ type: 'DOWNLOAD' })}
        onErase={() => {
          haptic.warning();
          send({ type: 'ERASE.OPEN' });
        }}
      />
      <EraseSheet
        open={view.eraseSheetOpen}
        typed={view.eraseTyped}
        canErase={view.canErase}
        erasing={dataStatus === 'erasing'}
        onType={(text) => send({ type: 'ERASE.TYPE', text })}
        onConfirm={() => send({ type: 'ERASE.CONFIRM' })}
        onCancel={() => send({ type: 'ERASE.CANCEL' })}
      />
    </Page>
  );
}
