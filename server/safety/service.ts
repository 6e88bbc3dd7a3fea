// The crisis lines the server shows (the chat's replies, the model's prompt) and serves (GET /api/safety/lines):
// read once at start from CRISIS_LINES_FILE — the operator's JSON, by default the Russian list shipped in the repo —
// and validated, so a wrong file stops the start with a message naming the field instead of reaching a person in
// crisis with a broken list.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { crisisLinesSchema, type CrisisLines } from '../../contract/safety/crisis-lines-schema';

/** The shipped default: Russia's lines, each with its public sources (docs/safety.md). */
export const DEFAULT_CRISIS_LINES_FILE = fileURLToPath(
  new URL('../../contract/safety/crisis-lines.ru.json', import.meta.url),
);

export class CrisisLinesError extends Error {
  constructor(file: string, problem: string) {
    super(`CRISIS_LINES_FILE ${file}: ${problem} / файл линий помощи не подходит: ${problem}`);
    this.name = 'CrisisLinesError';
  }
}

/** Reads and validates the operator's lines; throws CrisisLinesError with what is wrong. */
export function loadCrisisLines(file: string = DEFAULT_CRISIS_LINES_FILE): CrisisLines {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CrisisLinesError(file, error instanceof Error ? error.message : String(error));
  }
  const parsed = crisisLinesSchema.safeParse(raw);
  if (!parsed.success) throw new CrisisLinesError(file, z.prettifyError(parsed.error).replace(/\s*\n\s*/g, ' '));
  return parsed.data;
}
