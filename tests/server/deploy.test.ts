// Every file in deploy/ that docs/deploy.md shows is loaded here: the systemd unit passes `systemd-analyze verify`
// and runs what `npm start` runs; the Caddy and nginx configs parse (balanced blocks, statements closed) and their
// upstreams, health path and hidden /metrics agree with the app and with each other.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { WEBHOOK_PATH } from '../../server/bot/webhook';
import { API_PREFIX } from '../../server/http/api-path';
import { freshPglite, testConfig } from './harness';

const root = join(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(join(root, 'deploy', file), 'utf8');
/** The instances docs/deploy.md runs: wellbeing@3001 and wellbeing@3002. */
const UPSTREAMS = ['127.0.0.1:3001', '127.0.0.1:3002'];

/** Blocks `{ … }` balanced, outside comments and quotes. */
function balanced(text: string): boolean {
  let depth = 0;
  for (const line of text.split('\n')) {
    const code = line.replace(/#.*$/, '').replace(/"[^"]*"/g, '');
    for (const ch of code) {
      if (ch === '{') depth++;
      if (ch === '}' && --depth < 0) return false;
    }
  }
  return depth === 0;
}

describe('deploy/wellbeing@.service', () => {
  const unit = read('wellbeing@.service');
  const directive = (name: string) =>
    unit
      .split('\n')
      .filter((l) => l.startsWith(`${name}=`))
      .map((l) => l.slice(name.length + 1));

  it('passes systemd-analyze verify as an instance', () => {
    const dir = mkdtempSync(join(tmpdir(), 'unit-'));
    const file = join(dir, 'wellbeing@3001.service');
    copyFileSync(join(root, 'deploy', 'wellbeing@.service'), file);
    const res = spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8' });
    expect(res.status, res.stderr).toBe(0);
    expect(res.stderr.trim()).toBe('');
  });

  it('runs `npm start` on the port of its name, on loopback, with its secrets in a file, drained by SIGTERM', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(directive('ExecStart')).toEqual([pkg.scripts.start!.replace(/^node /, '/usr/bin/node ')]);
    expect(directive('Environment')).toEqual(expect.arrayContaining(['PORT=%i', 'HOST=127.0.0.1']));
    expect(directive('EnvironmentFile')).toEqual(['/etc/wellbeing/env']);
    expect(directive('KillSignal')).toEqual(['SIGTERM']);
    // systemd waits longer than the drain may take (SHUTDOWN_TIMEOUT_MS, 25 s by default).
    expect(Number(directive('TimeoutStopSec')[0])).toBeGreaterThan(25);
    expect(directive('UMask')).toEqual(['0077']);
  });
});

describe('deploy/Caddyfile and deploy/nginx.conf', () => {
  it('Caddy: balanced, both instances, health by /readyz, /metrics hidden, streams flushed', () => {
    const caddy = read('Caddyfile');
    expect(balanced(caddy)).toBe(true);
    expect(/reverse_proxy ([^{]+)\{/.exec(caddy)![1]!.trim().split(/\s+/)).toEqual(UPSTREAMS);
    expect(/health_uri (\S+)/.exec(caddy)![1]).toBe('/readyz');
    expect(caddy).toMatch(/@metrics path \/metrics\n\s*respond @metrics 404/);
    expect(caddy).toMatch(/flush_interval -1/);
  });

  it('nginx: balanced, every statement closed, both instances, /metrics hidden, no buffering of streams', () => {
    const nginx = read('nginx.conf');
    expect(balanced(nginx)).toBe(true);
    for (const line of nginx.split('\n')) {
      const code = line.replace(/#.*$/, '').trim();
      if (code) expect(code, line).toMatch(/[;{}]$/);
    }
    expect([...nginx.matchAll(/^\s*server (\d[\d.:]+)/gm)].map((m) => m[1])).toEqual(UPSTREAMS);
    expect(nginx).toMatch(/location = \/metrics \{\s*return 404;/);
    expect(nginx).toMatch(/proxy_buffering off;/);
    expect(nginx).toMatch(/proxy_set_header X-Request-Id \$request_id;/);
  });

  it('the paths they rely on are the app’s: /readyz answers, the webhook path exists, X-Request-Id is echoed', async () => {
    const database = await freshPglite();
    const app = await buildApp({ database, config: testConfig() });
    try {
      const ready = await app.inject({ method: 'GET', url: '/readyz', headers: { 'x-request-id': 'caddy-1' } });
      expect(ready.statusCode).toBe(200);
      expect(ready.headers['x-request-id']).toBe('caddy-1');
      const hook = await app.inject({ method: 'POST', url: `${API_PREFIX}${WEBHOOK_PATH}`, payload: {} });
      expect(hook.statusCode).toBe(401); // there, and it wants the secret
    } finally {
      await app.close();
      await database.close();
    }
  }, 120_000);
});
