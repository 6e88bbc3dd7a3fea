// A step of people (who to ask for help; specialists): each contact a group of three labelled fields — name, phone,
// Telegram — with a gentle note when the phone or the username cannot be dialled or opened (what was typed stays
// as it is), its call and write links, and a remove button; «Добавить человека» adds an empty one and focuses it.
import { useEffect, useId, useRef } from 'react';
import styled from 'styled-components';
import type { PlanContact } from '../../../contract/safety-plan-rules';
import { phoneHref, telegramUsername } from '../../../machines/safety-plan/contact-links';
import { safetyPlanCopy } from '../../copy/safety-plan';
import { haptic } from '../../telegram/haptic';
import { Button } from '../Button';
import { PlusIcon, TrashIcon } from '../chat/icons';
import { IconButton } from '../IconButton';
import { ContactLinks } from './ContactLinks';
import { Caption, fieldCss } from './parts';

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
`;

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
  const listRef = useRef<HTMLOListElement>(null);
  const focusLast = useRef(false);
  useEffect(() => {
    if (!focusLast.current) return;
    focusLast.current = false;
    listRef.current?.querySelector<HTMLInputElement>('li:last-child input')?.focus();
  }, [contacts.length]);

  return (
    <>
      {contacts.length ? (
        <List ref={listRef}>
          {contacts.map((contact, i) => {
            const at = `${id}-${i}`;
            const badPhone = contact.phone.trim() !== '' && phoneHref(contact.phone) === null;
            const badTelegram = contact.telegram.trim() !== '' && telegramUsername(contact.telegram) === null;
            return (
              <li key={i}>
                <Group>
                  <legend>{copy.legend(i + 1)}</legend>
                  <Head>
                    <IconButton label={copy.remove(i + 1)} onClick={() => props.onRemove(i)}>
                      <TrashIcon />
                    </IconButton>
                  </Head>
                  <label>
                    {copy.name}
                    <input
                      value={contact.name}
                      maxLength={limits.name}
                      placeholder={props.namePlaceholder}
                      autoComplete="off"
                      onChange={(e) => onChange(i, 'name', e.target.value)}
                    />
                  </label>
                  <label>
                    {copy.phone}
                    <input
                      type="tel"
                      inputMode="tel"
                      value={contact.phone}
                      maxLength={limits.phone}
                      placeholder={copy.phonePlaceholder}
                      autoComplete="off"
                      aria-describedby={badPhone ? `${at}-phone` : undefined}
                      onChange={(e) => onChange(i, 'phone', e.target.value)}
                    />
                  </label>
                  {badPhone ? <Caption id={`${at}-phone`}>{copy.checkPhone}</Caption> : null}
                  <label>
                    {copy.telegram}
                    <input
                      value={contact.telegram}
                      maxLength={limits.telegram}
                      placeholder={copy.telegramPlaceholder}
                      autoComplete="off"
                      autoCapitalize="none"
                      spellCheck={false}
                      aria-describedby={badTelegram ? `${at}-telegram` : undefined}
                      onChange={(e) => onChange(i, 'telegram', e.target.value)}
                    />
                  </label>
                  {badTelegram ? <Caption id={`${at}-telegram`}>{copy.checkTelegram}</Caption> : null}
                  <ContactLinks contact={contact} onWrite={props.onWrite} />
                </Group>
              </li>
            );
          })}
        </List>
      ) : null}
      <Button
        $variant="secondary"
        disabled={!canAdd}
        onClick={() => {
          haptic.tap();
          focusLast.current = true;
          props.onAdd();
        }}
      >
        <PlusIcon /> {props.addLabel}
      </Button>
    </>
  );
}
