// «Обо мне»: the text with its live 'N/500' counter, a line on how it is used, and what a failed save means.
import { useId } from 'react';
import styled from 'styled-components';
import { PERSONAL_CONTEXT_MAX } from '../../../contract/constants';
import { settingsCopy } from '../../copy/users';

const copy = settingsCopy.about;

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
`;

const Head = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  gap: ${({ theme }) => theme.space(2)};
  label {
    font-weight: 600;
  }
  span {
    color: ${({ theme }) => theme.color.hint};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;

const TextArea = styled.textarea`
  width: 100%;
  min-height: 140px;
  padding: 12px 14px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  resize: vertical;
  font: inherit;
  font-size: ${({ theme }) => theme.font.size.md};
  background: ${({ theme }) => theme.color.sectionBg};
  color: ${({ theme }) => theme.color.text};
`;

const Hint = styled.p<{ $alert?: boolean }>`
  margin: 0;
  color: ${({ $alert, theme }) => ($alert ? theme.color.destructive : theme.color.hint)};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

export function AboutField(props: {
  value: string;
  length: number;
  saving: boolean;
  failed: boolean;
  onChange: (text: string) => void;
}) {
  const id = useId();
  return (
    <Field>
      <Head>
        <label htmlFor={id}>{copy.heading}</label>
        <span aria-live="polite">{props.saving ? copy.saving : copy.counter(props.length, PERSONAL_CONTEXT_MAX)}</span>
      </Head>
      <TextArea
        id={id}
        value={props.value}
        maxLength={PERSONAL_CONTEXT_MAX}
        placeholder={copy.placeholder}
        aria-describedby={`${id}-hint`}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.failed ? (
        <Hint role="alert" $alert>
          {settingsCopy.updateFailed}
        </Hint>
      ) : null}
      <Hint id={`${id}-hint`}>{copy.hint}</Hint>
    </Field>
  );
}
