// Where the safety plan was opened from, as its entry links pass it in navigation state (`{ from: paths.help }`):
// back returns there. Only a page of the app's /app area counts (navigation state may hold anything).
import { paths } from '../paths';

export function openedFrom(state: unknown): string | undefined {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith(`${paths.app}/`) && from !== paths.safetyPlan ? from : undefined;
}
