// How a contact of the safety plan is reached with one tap: a phone number as a tel: link, a Telegram username as
// its t.me link (opened through Telegram). Pure: the view shows a link only for what can really be dialled or opened.

/** `tel:` with the number's digits (and its leading +), or null when it is not a number to dial. */
export function phoneHref(phone: string): string | null {
  const trimmed = phone.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length < 3 || digits.length > 15) return null;
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

/**
 * The username as Telegram spells it (5–32 letters, digits and underscores, starting with a letter; 4 for the
 * short collectible ones), from «@name», «name» or a t.me link; null when it cannot be one.
 */
export function telegramUsername(value: string): string | null {
  const name = value
    .trim()
    .replace(/^(https?:\/\/)?(t\.me|telegram\.me)\//i, '')
    .replace(/^@/, '');
  return /^[A-Za-z][A-Za-z0-9_]{3,31}$/.test(name) ? name : null;
}

export const telegramHref = (username: string) => `https://t.me/${username}`;
