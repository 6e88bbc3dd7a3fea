// The one rule behind every step practice's «Далее»: a text counts only when it is non-blank after trimming. The
// machines' named guards (hasWish, hasAllAlternatives, hasAnyAnswer…) are made of these, so the rule lives here once.
import { cleanText } from '../../clean-text';

/** Non-blank after trimming (spaces and line breaks alone are not an answer). */
export const isFilled = (text: string | undefined): boolean => (text ?? '').trim().length > 0;

/** Every one of the texts is filled. */
export const allFilled = (...texts: Array<string | undefined>): boolean => texts.every(isFilled);

/** At least one of the texts is filled. */
export const anyFilled = (...texts: Array<string | undefined>): boolean => texts.some(isFilled);

/** What an answer field keeps of a keystroke: no NUL characters (PostgreSQL refuses them), at most `max` characters. */
export const cleanAnswer = (text: string, max: number): string => cleanText(text, max);
