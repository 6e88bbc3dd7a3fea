// «вы» or «ты» in the offline assistant's words. Every text is written for both: `{вы-form|ты-form}` inside it, or a
// whole second version after a top-level `|` («вы» text|«ты» text) where the «ты» sentence must be built otherwise
// (mostly to avoid a past tense that would need the person's gender).
import type { AddressForm } from '../../../contract/settings';

export type { AddressForm };

/** The text for `address`, its markup resolved. */
export function say(text: string, address: AddressForm): string {
  const versions = splitTop(text);
  const chosen = address === 'ty' && versions.length > 1 ? versions[1]! : versions[0]!;
  return chosen.replace(/\{([^{}|]*)\|([^{}|]*)\}/g, (_, vy: string, ty: string) => (address === 'ty' ? ty : vy));
}

/** Splits on `|` outside braces. */
function splitTop(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (c === '|' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}
