// Reminders' entry for the rest of the server: whatever changes what decides a user's reminder (the settings'
// reminder time, the kept zone, the bot's permission) calls syncReminder; botCanWrite reads that permission.
export { botCanWrite, syncReminder } from './schedule';
