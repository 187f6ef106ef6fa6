import { chmodSync, closeSync, existsSync, fsyncSync, linkSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { LedgeError } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import type { ControlStoragePort } from '../storage/control.js';

/** The platform key's file in the state directory: 32 random bytes, readable by the platform's user only. */
export const SECRET_KEY_FILE = 'secrets.key';

const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** Seals and opens deployment secrets with AES-256-GCM under the platform key. */
export interface SecretVault {
  /** The sealed form of `value`, bound to `context` (which secret of which deployment it is). */
  seal(value: string, context: string): string;
  /** The value of a sealed secret; fails when the key or the context differ from the sealing ones. */
  open(sealed: string, context: string): string;
}

/** What a sealed secret is bound to: moving its row to another name, deployment or account makes it unreadable. */
export function secretContext(accountId: string, deployment: string, name: string): string {
  return `ledge-secret/v1\u0000${accountId}\u0000${deployment}\u0000${name}`;
}

/**
 * Opens the vault of a state directory, creating its key on first use (mode 0600). A key file others can
 * read is narrowed back to 0600 with a warning: the key is what keeps the stored secrets secret.
 */
export function openSecretVault(stateDir: string, logger: Logger): SecretVault {
  const file = path.join(stateDir, SECRET_KEY_FILE);
  const key = readOrCreateKey(file, logger);
  return {
    seal(value, context) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
      return Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64');
    },
    open(sealed, context) {
      const bytes = Buffer.from(sealed, 'base64');
      if (bytes.length < NONCE_BYTES + TAG_BYTES) throw new LedgeError('internal_error', 'a stored secret is truncated');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, NONCE_BYTES));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
      try {
        return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        throw new LedgeError('internal_error', `a stored secret does not open with the platform key in ${file} (was the key replaced?)`);
      }
    },
  };
}

function readOrCreateKey(file: string, logger: Logger): Buffer {
  if (!existsSync(file)) createKey(file);
  if ((statSync(file).mode & 0o077) !== 0) {
    chmodSync(file, 0o600);
    logger.warn(`${file} could be read by other users; its mode is now 0600. Anyone who read it can open the stored secrets: rotate them`);
  }
  const key = readFileSync(file);
  if (key.length !== KEY_BYTES) throw new LedgeError('operation_failed', `${file} holds ${key.length} bytes, not a ${KEY_BYTES}-byte key; restore it from a backup (the stored secrets cannot be opened without it)`);
  return key;
}

/**
 * Writes a new key beside the file, flushes it, then links it into place: the key either exists whole or
 * not at all after a crash, and of two processes starting at once the first link wins for both.
 */
function createKey(file: string): void {
  const temp = `${file}.${process.pid}.tmp`;
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeSync(fd, randomBytes(KEY_BYTES));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    unlinkSync(temp);
  }
  const dir = openSync(path.dirname(file), 'r');
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}

/** The opened secrets of a deployment, as the strings its code sees in `env`. */
export async function deploymentSecrets(store: ControlStoragePort, vault: SecretVault, accountId: string, deployment: string): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const secret of await store.listSecrets(accountId, deployment)) values[secret.name] = vault.open(secret.sealed, secretContext(accountId, deployment, secret.name));
  return values;
}
