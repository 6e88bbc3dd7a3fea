// A step of lines (warning signs, what helps, …): each line a field of its own with a remove button, the step's
// examples as pills to tap instead of typing, and «Добавить своё» for a new empty line (which then takes focus).
import { useId } from 'react';
import styled from 'styled-components';
import { safetyPlanCopy } from '../../copy/safety-plan';
import { haptic } from '../../telegram/haptic';
import { TrashIcon } from '../chat/icons';
import { IconButton } from '../IconButton';
import { AddButton, useFocusAdded } from './AddButton';
import { Caption, ExampleChip, Stack, fieldCss } from './parts';

const List = styled(Stack)`
  li {
    display: flex;
    align-items: flex-start;
    gap: ${({ theme }) => theme.space(1)};
  }
`;

const Line = styled.textarea`
  ${fieldCss}
  flex: 1;
  resize: none;
  field-sizing: content;
  max-height: 40vh;
`;

export interface LinesEditorProps {
  stepTitle: string;
  lines: string[];
  /** The step's examples not in the list yet. */
  examples: readonly string[];
  /** The step has room for one more line. */
  canAdd: boolean;
  maxLength: number;
  onAdd: (text?: string) => void;
  onChange: (index: number, text: string) => void;
  onRemove: (index: number) => void;
}

export function LinesEditor({
  stepTitle,
  lines,
  examples,
  canAdd,
  maxLength,
  onAdd,
  onChange,
  onRemove,
}: LinesEditorProps) {
  const copy = safetyPlanCopy.lines;
  const id = useId();
  const { listRef, added } = useFocusAdded(lines.length, 'textarea');

  return (
    <>
      {lines.length ? (
        <List ref={listRef} $gap={2} aria-label={stepTitle}>
          {lines.map((line, i) => (
            <li key={i}>
              <Line
                id={`${id}-${i}`}
                rows={1}
                value={line}
                maxLength={maxLength}
                placeholder={copy.placeholder}
                aria-label={copy.label(stepTitle, i + 1)}
                onChange={(e) => onChange(i, e.target.value)}
              />
              <IconButton label={copy.remove(i + 1)} onClick={() => onRemove(i)}>
                <TrashIcon />
              </IconButton>
            </li>
          ))}
        </List>
      ) : null}
      <AddButton
        label={copy.add}
        disabled={!canAdd}
        onAdd={() => {
          added();
          onAdd();
        }}
      />
      {canAdd ? null : <Caption>{copy.full}</Caption>}
      {examples.length && canAdd ? (
        <>
          <Caption id={`${id}-examples`}>{copy.examples}</Caption>
          <Stack as="ul" $gap={2} $wrap aria-labelledby={`${id}-examples`}>
            {examples.map((example) => (
              <li key={example}>
                <ExampleChip
                  onClick={() => {
                    haptic.select();
                    onAdd(example);
                  }}
                >
                  {example}
                </ExampleChip>
              </li>
            ))}
          </Stack>
        </>
      ) : null}
    </>
  );
}
