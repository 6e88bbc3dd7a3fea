// `npm run backup [-- <file>]`: a backup of the database `npm start` would open (.env and the environment):
// PostgreSQL (DATABASE_URL) with pg_dump while the instances serve; PGlite (DATA_DIR) with the server stopped.
// Default file: ./backups/wellbeing-<time>.dump (PostgreSQL) or .pglite.tar.gz, readable by the owner only.
// The master key is never in it: the last line says where the key is, to be kept separately.
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LockedError } from '../server/start/lock';
import { backupPglite, BackupError, backupPostgres, keyLocation, startConfig } from './backups';

const config = startConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = resolve(
  process.argv[2] ?? join('backups', `wellbeing-${stamp}.${config.databaseUrl ? 'dump' : 'pglite.tar.gz'}`),
);
try {
  if (config.databaseUrl) await backupPostgres(config.databaseUrl, file);
  else await backupPglite(config.dataDir, file);
} catch (error) {
  if (error instanceof LockedError)
    console.error(
      `${error.message}\nРезервная копия PGlite делается при остановленном сервере / stop the server first`,
    );
  else console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
console.log(`Резервная копия: ${file} (${(statSync(file).size / 1024 / 1024).toFixed(1)} MB)`);
console.log(
  `Ключа шифрования в ней нет — храните его копию отдельно от резервных копий: ${keyLocation(config)} / ` +
    'the backup does not hold the encryption key: keep the key apart from it',
);
