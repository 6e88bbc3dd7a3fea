// The bot's entry for other domains: whether a bot is online to send with, the button that opens the app, and a send
// whose failure is logged rather than thrown.
export { botOnline } from './bot';
export { classify, sendQuietly, type SendFailure } from './send';
export { openAppButton } from './start-command';
