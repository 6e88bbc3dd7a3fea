// Every route of the app, in one place: the router (src/routes.tsx), the machines, the tabs and the gates build
// their paths here, so no route string is written anywhere else. Ids are encoded as one path segment.
const segment = (id: string) => encodeURIComponent(id);

/** The chat id of `/app/chat/new`: the chat its first send creates. */
export const NEW_CHAT_ID = 'new';

export const paths = {
  root: '/',
  init: '/init',
  onboarding: '/onboarding',
  app: '/app',
  dashboard: '/app/dashboard',
  home: '/app/home',
  chatList: '/app/chat',
  /** A chat; `'new'` is the chat the first send creates. */
  chat: (chatId: string) => `/app/chat/${segment(chatId)}`,
  newChat: '/app/chat/new',
  practices: '/app/practices',
  practice: (practiceId: string) => `/app/practices/${segment(practiceId)}`,
  practiceSession: (practiceId: string) => `/app/practices/${segment(practiceId)}/session`,
  diary: '/app/diary',
  newDiaryEntry: '/app/diary/new',
  diaryEntry: (entryId: string) => `/app/diary/${segment(entryId)}`,
  profile: '/app/profile',
  settings: '/app/profile/settings',
  subscription: '/app/profile/subscription',
  /** Checkout of a tier for `period` months (the checkout's default period is 1). */
  checkout: (tier: string, period = 1) =>
    `/app/profile/subscription/checkout?${new URLSearchParams({ tier, period: String(period) })}`,
  help: '/app/profile/help',
  safetyPlan: '/app/safety-plan',
} as const;

/** Router patterns of the routes that take a parameter (React Router syntax), beside the builders above. */
export const routePatterns = {
  chat: '/app/chat/:chatId',
  practice: '/app/practices/:practiceId',
  practiceSession: '/app/practices/:practiceId/session',
  diaryEntry: '/app/diary/:entryId',
  checkout: '/app/profile/subscription/checkout',
} as const;
