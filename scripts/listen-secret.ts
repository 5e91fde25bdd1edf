// The signing secret of `npm run events -- listen`, kept between runs (as `stripe listen` keeps
// one): a receiver configured once keeps verifying after the listener restarts. Each run's endpoint
// gets a fresh secret from the BFF; the listener verifies with that one and re-signs what it
// forwards with this one. Kept in EVENTS_STATE_DIR (default `.start/`, the local state folder that
// `npm start` also writes and git ignores), readable by its owner only; --new-secret replaces it.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const fileName = 'events-listen-secret';
const secretPattern = /^whsec_[A-Za-z0-9+/]+={0,2}$/;

export function listenSecretPath(stateDir: string | undefined): string {
  return join(resolve(stateDir || '.start'), fileName);
}

/** The kept secret, or a new one (first run, an unreadable file, or `rotate`), written before it is used. */
export function keptListenSecret(path: string, rotate: boolean): { secret: string; made: boolean } {
  if (!rotate) {
    try {
      const kept = readFileSync(path, 'utf8').trim();
      if (secretPattern.test(kept)) return { secret: kept, made: false };
    } catch {
      // No file yet: make one below.
    }
  }
  // 24 random bytes, as the BFF's own endpoint secrets.
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, `${secret}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
  return { secret, made: true };
}
