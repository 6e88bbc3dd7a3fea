// A token estimator for what no model reports: the offline assistant's honest usage, the history window and the
// quota reservation made before a model call. No tokenizer ships for every OpenAI-compatible model, so this is a
// documented rule of thumb that errs high: byte-pair tokenizers of current chat models (cl100k, o200k) spend about
// one token per 2.5–3.5 characters of Russian text and one per ~4 characters of English, so we count one per 3
// non-ASCII characters and one per 4 ASCII ones, rounded up, plus 4 tokens of framing per chat message (role and
// separators, as OpenAI's chat format spends).
export const MESSAGE_OVERHEAD_TOKENS = 4;

export function estimateTokens(text: string): number {
  let ascii = 0;
  let other = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) < 128) ascii++;
    else other++;
  }
  return Math.ceil(other / 3 + ascii / 4);
}

/** Tokens of one chat message as a model receives it: its text plus the framing. */
export function estimateMessageTokens(text: string): number {
  return estimateTokens(text) + MESSAGE_OVERHEAD_TOKENS;
}
