// The crisis lines, in one place for every side that shows them: the chat's crisis reply (server/chat/safety), the
// step practices' help on the device, the help screen's safety answer (src/copy/profile.ts). Phone numbers in it
// become tap-to-call links on the client.
export const CRISIS_LINES =
  'Пожалуйста, поговорите с живым человеком прямо сейчас:\n' +
  '• 8-800-2000-122 — телефон доверия, бесплатно и анонимно, круглосуточно;\n' +
  '• в Москве — 051 (с мобильного +7 495 051);\n' +
  '• если есть угроза жизни — 112.';
