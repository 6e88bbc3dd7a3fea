// The digest a generated file carries of what it was generated from (contract/safety/real-words.ts,
// contract/safety/model-weights.ts): its test recomputes it and asks for the script when it differs.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** sha256 of a first line (the versions of the packages read) and each file's path and bytes, as 16 hex digits. */
export function inputsDigest(root: string, versions: string, files: readonly string[]): string {
  const hash = createHash('sha256').update(`${versions}\n`);
  for (const file of files) hash.update(`${file}\n`).update(readFileSync(join(root, file)));
  return hash.digest('hex').slice(0, 16);
}
