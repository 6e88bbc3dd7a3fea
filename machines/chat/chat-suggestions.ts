// Where an assistant message's suggestion card leads: a practice (with the chat as its source) or, without access
// to it, the plans; a diary suggestion opens the new-entry form prefilled with the AI's draft (the form reads this
// state with prefillFromNavigation in machines/diary/new-entry-draft.ts).
import type { ChatMessage, DiarySuggestion, PracticeSuggestion } from '../../contract/chat';
import type { NavigateParams } from '../effects';
import { paths } from '../paths';

/** The suggestion's source, as the practice and the diary entry record it. */
export const AI_SUGGESTION_SOURCE = 'ai_suggestion';

export function practiceSuggestionOf(messages: readonly ChatMessage[], messageId: string): PracticeSuggestion | null {
  const meta = messages.find((m) => m.id === messageId)?.message_metadata;
  return meta?.type === 'practice_suggestion' ? meta : null;
}

export function diarySuggestionOf(messages: readonly ChatMessage[], messageId: string): DiarySuggestion | null {
  const meta = messages.find((m) => m.id === messageId)?.message_metadata;
  return meta?.type === 'diary_suggestion' ? meta : null;
}

/** 'Начать': the practice, told that the chat suggested it (without access the card leads to the plans instead). */
export function practiceNavigation(suggestion: PracticeSuggestion, chatId: string | null): NavigateParams {
  return {
    to: paths.practice(suggestion.practice_type),
    state: { sourceType: AI_SUGGESTION_SOURCE, sourceId: chatId },
  };
}

/** 'Создать запись': the new-entry form with the AI's title and text, and the chat as the entry's source. */
export function diaryNavigation(suggestion: DiarySuggestion, chatId: string | null): NavigateParams {
  return {
    to: paths.newDiaryEntry,
    state: {
      suggestedContent: suggestion.suggested_content,
      suggestedTitle: suggestion.suggested_title,
      sourceType: AI_SUGGESTION_SOURCE,
      sourceId: chatId,
    },
  };
}
