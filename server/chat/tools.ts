// The assistant's two tools, through the AI SDK's tool() mechanism: the model (a real one or the offline assistant)
// calls them like any tool; the SDK validates the input against the schema and runs `execute`, which keeps the
// first suggestion of the reply as its message_metadata and tells the model what the card will show.
import { tool, zodSchema } from 'ai';
import { z } from 'zod';
import type { MessageMetadata } from '../../contract/chat';
import type { Tier } from '../billing/service';
import { PRACTICE_IDS, PRACTICES, practiceById } from '../practices/service';
import { diarySuggestion, practiceSuggestion } from './suggestions';

export const SUGGEST_PRACTICE = 'suggest_practice';
export const SUGGEST_DIARY_ENTRY = 'suggest_diary_entry';

const practiceList = PRACTICES.map(
  (p) => `${p.id} — ${p.name} (${p.duration_minutes} мин${p.is_advanced ? ', PRO' : ''})`,
).join('; ');

export const suggestPracticeInput = z.object({
  practice_type: z.enum(PRACTICE_IDS).describe('id практики из списка'),
});
export const suggestDiaryInput = z.object({
  suggested_title: z.string().min(1).max(100).describe('короткий заголовок записи, до 100 символов'),
  suggested_content: z.string().min(1).max(2000).describe('черновик записи от первого лица, словами пользователя'),
});

// Wrapped once: the SDK turns a schema into JSON Schema lazily and keeps it on the wrapper, so a bare zod schema
// would be converted again on every model call (it showed in the send's profile).
const practiceInputSchema = zodSchema(suggestPracticeInput);
const diaryInputSchema = zodSchema(suggestDiaryInput);

/**
 * The tools for one reply. `keep` receives each suggestion made; the turn stores the first one. Tier decides
 * has_access, which the tool result reports so the model can say that a practice needs PRO or PREMIUM.
 */
export function chatTools(tier: Tier, keep: (metadata: MessageMetadata) => void) {
  return {
    [SUGGEST_PRACTICE]: tool({
      description:
        'Показать пользователю карточку практики, когда она поможет с тем, о чём он говорит. Не больше одной за ответ. ' +
        `Практики: ${practiceList}.`,
      inputSchema: practiceInputSchema,
      execute: async ({ practice_type }) => {
        const suggestion = practiceSuggestion(practiceById(practice_type)!, tier);
        keep(suggestion);
        return { shown: true, practice_name: suggestion.practice_name, has_access: suggestion.has_access };
      },
    }),
    [SUGGEST_DIARY_ENTRY]: tool({
      description:
        'Предложить сохранить момент в дневник настроения: пользователь увидит карточку «Запись в дневник» с черновиком, ' +
        'который сможет поправить. Уместно, когда человек описал важное переживание, инсайт или хороший момент.',
      inputSchema: diaryInputSchema,
      execute: async ({ suggested_title, suggested_content }) => {
        keep(diarySuggestion(suggested_title, suggested_content));
        return { shown: true };
      },
    }),
  };
}
