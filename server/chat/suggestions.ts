// The two kinds of suggestion an assistant reply may carry (a message's `message_metadata`), made from the tools'
// inputs (tools.ts) and refreshed when read: `has_access` follows the reader's plan now, so after an upgrade the
// card opens the practice instead of asking to upgrade.
import type { DiarySuggestion, MessageMetadata, PracticeSuggestion } from '../../contract/chat';
import { DIARY_CONTENT_MAX, DIARY_TITLE_MAX } from '../../contract/constants';
import type { Tier } from '../billing/service';
import { hasPracticeAccess, practiceById, type Practice } from '../practices/service';

export function practiceSuggestion(practice: Practice, tier: Tier): PracticeSuggestion {
  return {
    type: 'practice_suggestion',
    practice_type: practice.id,
    practice_name: practice.name,
    practice_description: practice.description,
    category: practice.category,
    duration_minutes: practice.duration_minutes,
    is_advanced: practice.is_advanced,
    has_access: hasPracticeAccess(practice, tier),
  };
}

/** A diary suggestion that the diary's own form accepts as it is (title ≤ 100, content ≤ 2000 characters). */
export function diarySuggestion(title: string, content: string): DiarySuggestion {
  return {
    type: 'diary_suggestion',
    suggested_title: title.trim().slice(0, DIARY_TITLE_MAX),
    suggested_content: content.trim().slice(0, DIARY_CONTENT_MAX),
  };
}

/** Stored metadata as the reader sees it: a practice suggestion gets the catalogue's current words and access. */
export function presentMetadata(metadata: MessageMetadata | null, tier: Tier): MessageMetadata | null {
  if (metadata?.type !== 'practice_suggestion') return metadata;
  const practice = practiceById(metadata.practice_type);
  return practice ? practiceSuggestion(practice, tier) : metadata;
}
