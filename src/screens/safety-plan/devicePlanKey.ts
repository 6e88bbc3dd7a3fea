// Where this device keeps a Telegram user's copy of the safety plan (a module of its own: «Удалить все мои данные»
// forgets it without loading the plan's code).
export const devicePlanStorageKey = (telegramId: number) => `safety_plan:${telegramId}`;
