// The crisis lines, in one place: the chat's crisis reply (server/chat/safety/crisis-reply.ts) and the help screen's
// safety answer (src/copy/profile.ts) say the same numbers in the same words. Plain TypeScript: the client imports it.
export const CRISIS_LINES =
  'Пожалуйста, поговорите с живым человеком прямо сейчас:\n' +
  '• 8-800-2000-122 — телефон доверия, бесплатно и анонимно, круглосуточно;\n' +
  '• в Москве — 051 (с мобильного +7 495 051);\n' +
  '• если есть угроза жизни — 112.';
