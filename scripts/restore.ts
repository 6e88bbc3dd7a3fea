// `npm run restore -- <file>`: a backup made by `npm run backup`, restored where `npm start` would look (.env and
// the environment): into DATABASE_URL, which must be an empty database, or into DATA_DIR, which must not exist yet
// or be empty — a restore never overwrites data. The server then needs the same master key to start.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { BackupError, keyLocation, restorePglite, restorePostgres, startConfig } from './backups';

const given = process.argv[2];
if (!given) {
  console.error('npm run restore -- <файл резервной копии / backup file>');
  process.exit(2);
}
const file = resolve(given);
const config = startConfig();
const head = readFileSync(file).subarray(0, 5);
const isPgDump = head.toString('latin1') === 'PGDMP';
try {
  if (config.databaseUrl) {
    if (!isPgDump) throw new BackupError(`${file}: не копия pg_dump, а DATABASE_URL задан / not a pg_dump backup`);
    await restorePostgres(file, config.databaseUrl);
  } else {
    if (isPgDump) throw new BackupError(`${file}: копия PostgreSQL — задайте DATABASE_URL / set DATABASE_URL`);
    await restorePglite(file, config.dataDir);
  }
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
console.log(`Восстановлено: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : config.dataDir}`);
console.log(
  `Сервер откроет данные только с тем же ключом шифрования: ${keyLocation(config)} / ` +
    'the server needs the same encryption key to open the data',
);
