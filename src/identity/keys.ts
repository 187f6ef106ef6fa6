import { randomBytes } from 'node:crypto';
import { createLocalJWKSet, exportJWK, exportPKCS8, generateKeyPair, importPKCS8, jwtVerify, SignJWT, type JWK, type JWTPayload } from 'jose';
import type { Clock } from '../platform/clock.js';
import type { AccessStoragePort, SigningKeyRecord } from '../storage/access.js';

/** A signing key is replaced after this long (six weeks). */
export const KEY_ROTATION_MS = 42 * 24 * 3_600_000;
/** A replaced key stays published this long, so assertions it signed still verify (seven days). */
export const PREVIOUS_KEY_MS = 7 * 24 * 3_600_000;

/** The signing keys of accounts' assertions: RS256, rotated by age, published as a JWKS. */
export interface Keyring {
  /** Signs claims with the account's current key (rotating it first when it is too old). */
  sign(accountId: string, claims: JWTPayload, expiresAt: number): Promise<string>;
  /** The published key set: the current key and keys retired less than seven days ago. */
  jwks(accountId: string): Promise<{ keys: JWK[] }>;
  /** Verifies an assertion of the account for one audience and issuer; null when it does not verify. */
  verify(accountId: string, token: string, audience: string, issuer: string): Promise<JWTPayload | null>;
  /** Replaces the current key now. */
  rotate(accountId: string): Promise<string>;
}

/** Creates the keyring over the access store. */
export function createKeyring(store: AccessStoragePort, clock: Clock): Keyring {
  const privateKeys = new Map<string, CryptoKey>();
  const iso = () => new Date(clock.now()).toISOString();

  async function addKey(accountId: string): Promise<SigningKeyRecord> {
    const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
    const kid = randomBytes(32).toString('hex');
    const record: SigningKeyRecord = {
      kid, account_id: accountId, public_jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' },
      private_pem: await exportPKCS8(privateKey), created_at: iso(), retired_at: null,
    };
    await store.rotateKey(record, record.created_at);
    privateKeys.set(kid, privateKey as CryptoKey);
    return record;
  }

  async function current(accountId: string): Promise<SigningKeyRecord> {
    const [newest] = await store.listKeys(accountId);
    if (!newest || newest.retired_at !== null || clock.now() - Date.parse(newest.created_at) >= KEY_ROTATION_MS) return addKey(accountId);
    return newest;
  }

  async function published(accountId: string): Promise<JWK[]> {
    await current(accountId);
    return (await store.listKeys(accountId))
      .filter((k) => k.retired_at === null || clock.now() - Date.parse(k.retired_at) < PREVIOUS_KEY_MS)
      .map((k) => k.public_jwk as JWK);
  }

  return {
    async sign(accountId, claims, expiresAt) {
      const key = await current(accountId);
      let privateKey = privateKeys.get(key.kid);
      if (!privateKey) privateKeys.set(key.kid, (privateKey = await importPKCS8(key.private_pem, 'RS256') as CryptoKey));
      const now = Math.floor(clock.now() / 1000);
      return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' }).setIssuedAt(now).setNotBefore(now).setExpirationTime(Math.floor(expiresAt / 1000)).sign(privateKey);
    },
    async jwks(accountId) {
      return { keys: await published(accountId) };
    },
    async verify(accountId, token, audience, issuer) {
      try {
        const set = createLocalJWKSet({ keys: await published(accountId) });
        const { payload } = await jwtVerify(token, set, { algorithms: ['RS256'], audience, issuer, requiredClaims: ['exp', 'iat'], currentDate: new Date(clock.now()) });
        return payload;
      } catch {
        return null;
      }
    },
    async rotate(accountId) {
      return (await addKey(accountId)).kid;
    },
  };
}
