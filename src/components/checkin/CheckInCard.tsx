// Home's mood check-in card (props only): the five moods — one tap is today's check-in — a line that says it is
// saved and changeable, the day's note (written in the card and saved with «Записать»), and, for plans with the
// diary, «Написать в дневник». `children` is the place for the crisis lines beside the note.
import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { CHECK_IN_NOTE_MAX } from '../../../contract/constants';
import type { Mood } from '../../../contract/mood';
import { checkInCopy as copy } from '../../copy/checkin';
import { Button } from '../Button';
import { Card, CardText, CardTitle } from '../Card';
import { MoodPicker } from '../MoodPicker';

const Moods = styled(MoodPicker)`
  margin: ${({ theme }) => theme.space(3)} 0 ${({ theme }) => theme.space(2)};
`;

const Saved = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

const NoteForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(2)};
`;

const NoteHead = styled.span`
  display: flex;
  justify-content: space-between;
  color: ${({ theme }) => theme.color.hint};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const NoteField = styled.textarea`
  width: 100%;
  min-height: 72px;
  padding: 10px 12px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  font: inherit;
  font-size: 1rem;
  resize: vertical;
  background: ${({ theme }) => theme.color.secondaryBg};
  color: ${({ theme }) => theme.color.text};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
  margin: ${({ theme }) => theme.space(1)} -${({ theme }) => theme.space(3)} 0;
  &:empty {
    display: none;
  }
`;

export interface CheckInCardProps {
  mood: Mood | null;
  /** Stored with the mood shown. */
  marked: boolean;
  savingMood: boolean;
  savedNote: string | null;
  noteOpen: boolean;
  noteSaving: boolean;
  note: string;
  canAddNote: boolean;
  canSaveNote: boolean;
  diaryAvailable: boolean;
  onMood: (mood: Mood) => void;
  onOpenNote: () => void;
  onNoteChange: (value: string) => void;
  onSaveNote: () => void;
  onCancelNote: () => void;
  onWriteDiary: () => void;
  children?: ReactNode;
}

export function CheckInCard(props: CheckInCardProps) {
  const titleId = useId();
  const noteId = useId();
  const status = props.savingMood ? copy.saving : props.marked ? copy.marked : copy.hint;
  return (
    <Card aria-labelledby={titleId}>
      <CardTitle id={titleId}>{copy.title}</CardTitle>
      <CardText role="status">{status}</CardText>
      <Moods
        value={props.mood}
        clearable={false}
        label={copy.pickerLabel}
        onChange={(mood) => {
          if (mood) props.onMood(mood);
        }}
      />
      {props.savedNote && !props.noteOpen ? <Saved>{props.savedNote}</Saved> : null}
      {props.noteOpen ? (
        <NoteForm
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            props.onSaveNote();
          }}
        >
          <NoteHead>
            <label htmlFor={noteId}>{copy.noteLabel}</label>
            <span>{copy.counter(props.note.length, CHECK_IN_NOTE_MAX)}</span>
          </NoteHead>
          <NoteField
            id={noteId}
            value={props.note}
            maxLength={CHECK_IN_NOTE_MAX}
            placeholder={copy.notePlaceholder}
            readOnly={props.noteSaving}
            onChange={(e) => props.onNoteChange(e.target.value)}
          />
          {props.children}
          <Actions>
            <Button type="submit" disabled={!props.canSaveNote} aria-busy={props.noteSaving}>
              {props.noteSaving ? copy.savingNote : copy.saveNote}
            </Button>
            <Button $variant="plain" disabled={props.noteSaving} onClick={props.onCancelNote}>
              {copy.cancel}
            </Button>
          </Actions>
        </NoteForm>
      ) : (
        <Actions>
          {props.canAddNote ? (
            <Button $variant="plain" onClick={props.onOpenNote}>
              {props.savedNote ? copy.editNote : copy.addNote}
            </Button>
          ) : null}
          {props.diaryAvailable ? (
            <Button $variant="plain" onClick={props.onWriteDiary}>
              {copy.writeDiary}
            </Button>
          ) : null}
        </Actions>
      )}
    </Card>
  );
}
