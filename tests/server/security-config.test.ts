// Secure defaults of the configuration (server/config/index.ts), checked at load so a server never starts with them:
// without BOT_TOKEN the public development token listens on loopback only; init data always expires;
// X-Forwarded-For is trusted from this host only unless a proxy is named; the generated data key lives beside the
// data directory, not in it, and DATA_ENCRYPTION_KEY_FILE reads the key from a file.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, DEV_BOT_TOKEN, loadConfig } from '../../server/config';

const REAL_TOKEN = '123456:real-token-from-botfather';
const dir = mkdtempSync(join(tmpdir(), 'security-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('development mode is local', () => {
  it('without BOT_TOKEN the server listens on 127.0.0.1 by default; with one on every address', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({}).devLauncher).toBe(true);
    expect(loadConfig({ BOT_TOKEN: REAL_TOKEN }).host).toBe('0.0.0.0');
    expect(loadConfig({ BOT_TOKEN: REAL_TOKEN, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('without BOT_TOKEN any other address than loopback is refused, saying why and what to do', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'example.com', '128.0.0.1']) {
      let error: unknown;
      try {
        loadConfig({ HOST: host });
      } catch (e) {
        error = e;
      }
      expect(error, host).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain(`HOST=${host} без BOT_TOKEN не разрешён`);
      expect((error as Error).message).toMatch(/Задайте BOT_TOKEN/);
    }
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', 'localhost'])
      expect(loadConfig({ HOST: host }).host).toBe(host);
  });

  it('the development token given as BOT_TOKEN is still development mode', () => {
    expect(loadConfig({ BOT_TOKEN: DEV_BOT_TOKEN }).devLauncher).toBe(true);
    expect(() => loadConfig({ BOT_TOKEN: DEV_BOT_TOKEN, HOST: '0.0.0.0' })).toThrow(ConfigError);
  });
});

describe('INIT_DATA_MAX_AGE_S', () => {
  it('0 no longer switches expiry off: it is refused at load, as is anything below 1', () => {
    expect(() => loadConfig({ INIT_DATA_MAX_AGE_S: '0' })).toThrow(
      /INIT_DATA_MAX_AGE_S must be an integer of at least 1/,
    );
    expect(() => loadConfig({ INIT_DATA_MAX_AGE_S: '-5' })).toThrow(ConfigError);
    expect(loadConfig({ INIT_DATA_MAX_AGE_S: '1' }).initDataMaxAgeS).toBe(1);
    expect(loadConfig({}).initDataMaxAgeS).toBe(86_400);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts loopback only by default (not the private ranges); an explicit list or true/false as given', () => {
    expect(loadConfig({}).trustProxy).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });
});

describe('the data key', () => {
  it('is generated beside DATA_DIR by default: DATA_DIR=./data → ./data.key', () => {
    expect(loadConfig({}).dataKeyFile).toBe(resolve('./data.key'));
    expect(loadConfig({ DATA_DIR: '/srv/app/data/' }).dataKeyFile).toBe('/srv/app/data.key');
  });

  it('DATA_ENCRYPTION_KEY_FILE reads the key from a file; unreadable, malformed or both ways set → refused', () => {
    const key = Buffer.alloc(32, 9);
    const file = join(dir, 'master.key');
    writeFileSync(file, `${key.toString('base64')}\n`);
    expect(loadConfig({ DATA_ENCRYPTION_KEY_FILE: file }).dataEncryptionKey).toEqual(key);
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY_FILE: join(dir, 'missing.key') })).toThrow(
      /DATA_ENCRYPTION_KEY_FILE: cannot read/,
    );
    const bad = join(dir, 'bad.key');
    writeFileSync(bad, 'not a key');
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY_FILE: bad })).toThrow(/32 bytes/);
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY_FILE: file, DATA_ENCRYPTION_KEY: key.toString('base64') })).toThrow(
      /set one of them/,
    );
    const previous = Buffer.alloc(32, 3).toString('base64');
    expect(
      loadConfig({ DATA_ENCRYPTION_KEY_FILE: file, DATA_ENCRYPTION_PREVIOUS_KEYS: previous })
        .dataEncryptionPreviousKeys,
    ).toHaveLength(1);
  });
});
