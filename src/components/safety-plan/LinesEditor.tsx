// A step of lines (warning signs, what helps, …): each line a field of its own with a remove button, the step's
// examples as pills to tap instead of typing, and «Добавить своё» for a new empty line (which then takes focus).
import { useEffect, useId, useRef } from 'react';
import styled from 'styled-components';
import { safetyPlanCopy } from '../../copy/safety-plan';
import { haptic } from '../../telegram/haptic';
import { Button } from '../Button';
import { PlusIcon, TrashIcon } from '../chat/icons';
import { IconButton } from '../IconButton';
import { Caption, ExampleChip, Examples, fieldCss } from './parts';

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
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
  const listRef = useRef<HTMLOListElement>(null);
  const focusLast = useRef(false);
  useEffect(() => {
    if (!focusLast.current) return;
    focusLast.current = false;
    listRef.current?.querySelector<HTMLTextAreaElement>('li:last-child textarea')?.focus();
  }, [lines.length]);

  return (
    <>
      {lines.length ? (
        <List ref={listRef} aria-label={stepTitle}>
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
      <Button
        $variant="secondary"
        disabled={!canAdd}
        onClick={() => {
          haptic.tap();
          focusLast.current = true;
          onAdd();
        }}
      >
        <PlusIcon /> {copy.add}
      </Button>
      {canAdd ? null : <Caption>{copy.full}</Caption>}
      {examples.length && canAdd ? (
        <>
          <Caption id={`${id}-examples`}>{copy.examples}</Caption>
          <Examples aria-labelledby={`${id}-examples`}>
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
          </Examples>
        </>
      ) : null}
    </>
  );
}
