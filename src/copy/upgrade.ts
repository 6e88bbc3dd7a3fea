// The upgrade dialog's words per key (the machine's), verbatim from the spec.
import type { UpgradeKey } from '../../machines/app/upgrade-dialog.machine';

export interface UpgradeDialogCopy {
  title: string;
  /** Optional line under the title. */
  subtitle?: string;
  button: string;
}

export const upgradeCopy = {
  dialogs: {
    diary_not_available: { title: 'Дневник недоступен', button: 'Улучшить тариф' },
    diary_limit_reached: {
      title: 'Дневной лимит исчерпан',
      subtitle: 'Лимит обновится завтра',
      button: 'Посмотреть тарифы',
    },
    voice_not_available: { title: 'Голосовой ввод недоступен', button: 'Улучшить тариф' },
    voice_limit_reached: { title: 'Дневной лимит голосовых', button: 'Посмотреть тарифы' },
    messages_limit_reached: {
      title: 'Лимит сообщений исчерпан',
      subtitle: 'Улучшите тариф для продолжения общения с AI.',
      button: 'Посмотреть тарифы',
    },
  } satisfies Record<UpgradeKey, UpgradeDialogCopy>,
  benefits: ['Больше ИИ-диалогов', 'Голосовые сообщения', 'Продвинутые практики'],
  later: 'Позже',
  /** The after-crisis window: what is not available is said, nothing is sold (docs/safety.md). */
  quiet:
    'Сейчас это недоступно на вашем тарифе. Чат, практики заземления и план безопасности остаются с вами бесплатно.',
  understood: 'Понятно',
} as const;
