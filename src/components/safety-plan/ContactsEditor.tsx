// A step of people (who to ask for help; specialists): each contact a group of three labelled fields — name, phone,
// Telegram — with a gentle note when the phone or the username cannot be dialled or opened (what was typed stays
// as it is), its call and write links, and a remove button; «Добавить человека» adds an empty one and focuses it.
import { Fragment, useId, type InputHTMLAttributes } from 'react';
import styled from 'styled-components';
import type { PlanContact } from '../../../contract/safety-plan-rules';
import { phoneHref, telegramUsername } from '../../../machines/safety-plan/contact-links';
import { safetyPlanCopy } from '../../copy/safety-plan';
import { TrashIcon } from '../chat/icons';
import { IconButton } from '../IconButton';
import { AddButton, useFocusAdded } from './AddButton';
import { ContactLinks } from './ContactLinks';
import { Caption, Stack, fieldCss } from './parts';

const Group = styled.fieldset`
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.separator};
  border-radius: ${({ theme }) => theme.radius.md};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  legend {
    padding: 0 ${({ theme }) => theme.space(1)};
    font-weight: 600;
  }
  label {
    display: flex;
    flex-direction: column;
    gap: 2px;
    font-size: ${({ theme }) => theme.font.size.sm};
    color: ${({ theme }) => theme.color.subtitle};
  }
  input {
    ${fieldCss}
  }
`;

const Head = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-top: -${({ theme }) => theme.space(2)};
`;

type Field = keyof PlanContact;

/** A field that will not make a link says so (what was typed stays as typed). */
const unusable = (value: string, works: (v: string) => unknown, note: string) =>
  value.trim() !== '' && !works(value) ? note : null;

export interface ContactsEditorProps {
  contacts: PlanContact[];
  canAdd: boolean;
  addLabel: string;
  namePlaceholder: string;
  limits: Record<Field, number>;
  onAdd: () => void;
  onChange: (index: number, field: Field, value: string) => void;
  onRemove: (index: number) => void;
  onWrite: (url: string) => void;
}

export function ContactsEditor(props: ContactsEditorProps) {
  const { contacts, canAdd, limits, onChange } = props;
  const copy = safetyPlanCopy.contacts;
  const id = useId();
  const { listRef, added } = useFocusAdded(contacts.length, 'input');
  const fields: Array<{
    field: Field;
    label: string;
    placeholder: string;
    note: (value: string) => string | null;
    extra?: InputHTMLAttributes<HTMLInputElement>;
  }> = [
    { field: 'name', label: copy.name, placeholder: props.namePlaceholder, note: () => null },
    {
      field: 'phone',
      label: copy.phone,
      placeholder: copy.phonePlaceholder,
      note: (v) => unusable(v, phoneHref, copy.checkPhone),
      extra: { type: 'tel', inputMode: 'tel' },
    },
    {
      field: 'telegram',
      label: copy.telegram,
      placeholder: copy.telegramPlaceholder,
      note: (v) => unusable(v, telegramUsername, copy.checkTelegram),
      extra: { autoCapitalize: 'none', spellCheck: false },
    },
  ];

  return (
    <>
      {contacts.length ? (
        <Stack ref={listRef} $gap={3}>
          {contacts.map((contact, i) => {
            const at = `${id}-${i}`;
            return (
              <li key={i}>
                <Group>
                  <legend>{copy.legend(i + 1)}</legend>
                  <Head>
                    <IconButton label={copy.remove(i + 1)} onClick={() => props.onRemove(i)}>
                      <TrashIcon />
                    </IconButton>
                  </Head>
                  {fields.map(({ field, label, placeholder, note, extra }) => {
                    const off = note(contact[field]);
                    return (
                      <Fragment key={field}>
                        <label>
                          {label}
                          <input
                            {...extra}
                            value={contact[field]}
                            maxLength={limits[field]}
                            placeholder={placeholder}
                            autoComplete="off"
                            aria-describedby={off ? `${at}-${field}` : undefined}
                            onChange={(e) => onChange(i, field, e.target.value)}
                          />
                        </label>
                        {off ? <Caption id={`${at}-${field}`}>{off}</Caption> : null}
                      </Fragment>
                    );
                  })}
                  <ContactLinks contact={contact} onWrite={props.onWrite} />
                </Group>
              </li>
            );
          })}
        </Stack>
      ) : null}
      <AddButton
        label={props.addLabel}
        disabled={!canAdd}
        onAdd={() => {
          added();
          props.onAdd();
        }}
      />
    </>
  );
}
