// One step of a step practice: «Шаг N из M», the question, a gentle hint, whatever the step shows (the wishes so
// far, the wheel, a choice), its answer fields, and «Назад» / «Далее». «Далее» is disabled until the step's rule is
// met and says why to screen readers; a field shows its count only near its limit (80 %), so limits do not press on
// anyone writing a few lines. When the step changes, focus moves to its question, so a screen reader announces it.
import { useLayoutEffect, useId, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { haptic } from '../../telegram/haptic';
import { Button } from '../Button';
import { VisuallyHidden } from '../VisuallyHidden';

export interface StepField {
  field: string;
  label: string;
  placeholder: string;
  value: string;
  max: number;
}

export interface StepFormProps {
  /** «Шаг 2 из 5»; none for a one-screen practice. */
  progress?: string;
  title: string;
  hint: string;
  /** Changes with the step: focus moves to the title then. */
  stepKey: string;
  /** What the step shows above its fields. */
  children?: ReactNode;
  fields: StepField[];
  onChange: (field: string, value: string) => void;
  nextLabel: string;
  canNext: boolean;
  /** Why «Далее» is off. */
  needs: string;
  onNext: () => void;
  backLabel: string;
  /** Absent on the first step. */
  onBack?: () => void;
  counter: (n: number, max: number) => string;
}

const Form = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
    line-height: 1.3;
    outline: none;
  }
  p {
    margin: 0;
  }
`;

const Progress = styled.p`
  color: ${({ theme }) => theme.color.hint};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Hint = styled.p`
  color: ${({ theme }) => theme.color.subtitle};
`;

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  label {
    font-weight: 600;
  }
`;

const inputCss = `
  width: 100%;
  padding: 12px 14px;
  border-radius: 14px;
  font: inherit;
`;

const Input = styled.input`
  ${inputCss}
  border: 1px solid ${({ theme }) => theme.color.separator};
  background: ${({ theme }) => theme.color.sectionBg};
  color: ${({ theme }) => theme.color.text};
`;

const TextArea = styled.textarea<{ $rows: number }>`
  ${inputCss}
  min-height: ${({ $rows }) => $rows * 1.5 + 1.5}em;
  max-height: 60vh;
  field-sizing: content;
  resize: vertical;
  border: 1px solid ${({ theme }) => theme.color.separator};
  background: ${({ theme }) => theme.color.sectionBg};
  color: ${({ theme }) => theme.color.text};
`;

const Count = styled.span`
  align-self: flex-end;
  color: ${({ theme }) => theme.color.hint};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-variant-numeric: tabular-nums;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  > :last-child {
    flex: 1 1 12em;
  }
`;

/** How tall a field starts: a line for a short answer, a page for a letter. */
const rowsFor = (max: number) => (max <= 150 ? 1 : max >= 1000 ? 8 : 3);

export function StepForm(props: StepFormProps) {
  const { progress, title, hint, stepKey, children, fields, onChange, canNext, needs } = props;
  const id = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef<string | null>(null);
  useLayoutEffect(() => {
    const first = shownStep.current === null;
    if (shownStep.current === stepKey) return;
    shownStep.current = stepKey;
    // A new step's question takes focus; the first one only if focus was lost (the button that led here is gone).
    const lost = !document.activeElement || document.activeElement === document.body;
    if (!first || lost) titleRef.current?.focus();
  }, [stepKey]);

  return (
    <Form aria-labelledby={`${id}-title`}>
      {progress ? <Progress>{progress}</Progress> : null}
      <h2 id={`${id}-title`} ref={titleRef} tabIndex={-1}>
        {title}
      </h2>
      <Hint>{hint}</Hint>
      {children}
      {fields.map(({ field, label, placeholder, value, max }) => {
        const inputId = `${id}-${field}`;
        const nearLimit = value.length >= max * 0.8;
        const rows = rowsFor(max);
        const common = {
          id: inputId,
          value,
          placeholder,
          maxLength: max,
          'aria-describedby': nearLimit ? `${inputId}-count` : undefined,
          onChange: (e: { target: { value: string } }) => onChange(field, e.target.value),
        };
        return (
          <Field key={field}>
            <label htmlFor={inputId}>{label}</label>
            {rows === 1 ? <Input {...common} /> : <TextArea {...common} rows={rows} $rows={rows} />}
            {nearLimit ? <Count id={`${inputId}-count`}>{props.counter(value.length, max)}</Count> : null}
          </Field>
        );
      })}
      <Actions>
        {props.onBack ? (
          <Button
            $variant="secondary"
            onClick={() => {
              haptic.tap();
              props.onBack!();
            }}
          >
            {props.backLabel}
          </Button>
        ) : null}
        <Button
          disabled={!canNext}
          aria-describedby={canNext ? undefined : `${id}-needs`}
          onClick={() => {
            haptic.tap();
            props.onNext();
          }}
        >
          {props.nextLabel}
        </Button>
      </Actions>
      {canNext ? null : <VisuallyHidden id={`${id}-needs`}>{needs}</VisuallyHidden>}
    </Form>
  );
}
