// The diary form's fields — title and content with their counters, the crisis lines beside risky words, the mood —
// shared by the new entry's page and an entry's «Изменить» form, so both look and behave alike.
import styled from 'styled-components';
import { DIARY_CONTENT_MAX, DIARY_TITLE_MAX } from '../../../contract/constants';
import type { Mood } from '../../../contract/diary';
import { diaryCopy } from '../../copy/diary';
import { crisisCopy } from '../../copy/crisis';
import { useCrisisLines } from '../../screens/shared/useCrisisLines';
import { haptic } from '../../telegram/haptic';
import { CrisisHelp } from '../CrisisHelp';
import { MoodPicker } from '../MoodPicker';

export const Field = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.hint};
`;

const FieldHead = styled.span`
  display: flex;
  justify-content: space-between;
`;

const inputCss = `
  width: 100%;
  padding: 12px 14px;
  border: 0;
  border-radius: 14px;
  font: inherit;
  font-size: 1rem;
  outline: none;
`;

const Input = styled.input`
  ${inputCss}
  background: ${({ theme }) => theme.color.sectionBg};
  color: ${({ theme }) => theme.color.text};
  &:disabled {
    opacity: 0.6;
  }
`;

const TextArea = styled.textarea`
  ${inputCss}
  min-height: 200px;
  resize: vertical;
  background: ${({ theme }) => theme.color.sectionBg};
  color: ${({ theme }) => theme.color.text};
  &:disabled {
    opacity: 0.6;
  }
`;

export interface EntryFieldsProps {
  title: string;
  content: string;
  mood: Mood | null;
  /** Inputs disabled (the draft is being read, or the form is saving). */
  locked: boolean;
  atRisk: boolean;
  onTitle: (value: string) => void;
  onContent: (value: string) => void;
  onMood: (mood: Mood | null) => void;
  /** Ctrl/Cmd+Enter in the text. */
  onSubmit: () => void;
}

export function EntryFields(props: EntryFieldsProps) {
  const { title, content, mood, locked, atRisk } = props;
  const crisisLines = useCrisisLines();
  return (
    <>
      <Field>
        <FieldHead>
          <span>{diaryCopy.form.titleLabel}</span>
          <span>{diaryCopy.form.counter(title.length, DIARY_TITLE_MAX)}</span>
        </FieldHead>
        <Input
          value={title}
          maxLength={DIARY_TITLE_MAX}
          placeholder={diaryCopy.form.titlePlaceholder}
          disabled={locked}
          onChange={(e) => props.onTitle(e.target.value)}
        />
      </Field>
      <Field>
        <FieldHead>
          <span>{diaryCopy.form.contentLabel}</span>
          <span>{diaryCopy.form.counter(content.length, DIARY_CONTENT_MAX)}</span>
        </FieldHead>
        <TextArea
          value={content}
          maxLength={DIARY_CONTENT_MAX}
          placeholder={diaryCopy.form.contentPlaceholder}
          disabled={locked}
          onChange={(e) => props.onContent(e.target.value)}
          onKeyDown={(e) => {
            // Ctrl/Cmd+Enter saves from the keyboard (a blank one shows the warning).
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              props.onSubmit();
            }
          }}
        />
      </Field>
      <CrisisHelp show={atRisk} text={crisisCopy.diary} lines={crisisLines} />
      <Field as="div">
        <span>{diaryCopy.form.moodLabel}</span>
        <MoodPicker
          value={mood}
          label={diaryCopy.form.moodLabel}
          disabled={locked}
          onChange={(m) => {
            haptic.select();
            props.onMood(m);
          }}
        />
      </Field>
    </>
  );
}
