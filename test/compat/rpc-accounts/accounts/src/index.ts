// The accounts service: only RPC, through a service binding (`entrypoint: "AccountsService"`). Passwords are
// hashed with scrypt from node:crypto, tokens are HMAC-signed with the TOKEN_KEY secret.
import { WorkerEntrypoint, RpcTarget } from 'cloudflare:workers';
import { Buffer } from 'node:buffer';
import { createHmac, randomUUID, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

export interface Env {
	USERS: KVNamespace;
	TOKEN_KEY: string;
	TOKEN_ISSUER: string;
}

interface StoredUser { id: string; email: string; salt: string; hash: string; created: string }
export interface Profile { id: string; email: string; created: string }

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');

function hashPassword(password: string, salt: Buffer): Buffer {
	return scryptSync(password.normalize('NFKC'), salt, 32, { N: 1024, r: 8, p: 1 });
}

/** A signed-in user, passed back by reference: its methods run here, in the accounts service. */
class Session extends RpcTarget {
	#user: StoredUser;
	#env: Env;
	constructor(user: StoredUser, env: Env) {
		super();
		this.#user = user;
		this.#env = env;
	}
	profile(): Profile {
		return { id: this.#user.id, email: this.#user.email, created: this.#user.created };
	}
	async rename(email: string): Promise<Profile> {
		if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new RangeError(`not an email address: ${email}`);
		if (await this.#env.USERS.get(`email:${email}`)) throw new Error(`${email} is taken`);
		await this.#env.USERS.delete(`email:${this.#user.email}`);
		this.#user = { ...this.#user, email };
		await this.#env.USERS.put(`user:${this.#user.id}`, JSON.stringify(this.#user));
		await this.#env.USERS.put(`email:${email}`, this.#user.id);
		return this.profile();
	}
}

/** The accounts, looked up by email: handed out by reference, used through promise pipelining by the gateway. */
class Directory extends RpcTarget {
	#env: Env;
	constructor(env: Env) {
		super();
		this.#env = env;
	}
	async count(): Promise<number> {
		return (await this.#env.USERS.list({ prefix: 'email:' })).keys.length;
	}
	async lookup(email: string): Promise<Profile | null> {
		const id = await this.#env.USERS.get(`email:${email}`);
		const user = id ? await this.#env.USERS.get<StoredUser>(`user:${id}`, 'json') : null;
		return user ? { id: user.id, email: user.email, created: user.created } : null;
	}
}

export class AccountsService extends WorkerEntrypoint<Env> {
	directory(): Directory {
		return new Directory(this.env);
	}


	async register(email: string, password: string): Promise<Profile> {
		if (typeof email !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(email)) throw new RangeError(`not an email address: ${String(email)}`);
		if (typeof password !== 'string' || password.length < 8) throw new RangeError('the password needs at least 8 characters');
		if (await this.env.USERS.get(`email:${email}`)) throw new Error(`${email} is taken`);
		const salt = randomBytes(16);
		const user: StoredUser = { id: randomUUID(), email, salt: salt.toString('hex'), hash: hashPassword(password, salt).toString('hex'), created: new Date().toISOString() };
		await this.env.USERS.put(`user:${user.id}`, JSON.stringify(user));
		await this.env.USERS.put(`email:${email}`, user.id);
		return { id: user.id, email, created: user.created };
	}

	/** A token for the user, or null when the email or password is wrong. */
	async signIn(email: string, password: string): Promise<string | null> {
		const id = await this.env.USERS.get(`email:${email}`);
		const user = id ? await this.env.USERS.get<StoredUser>(`user:${id}`, 'json') : null;
		if (!user) return null;
		const expected = Buffer.from(user.hash, 'hex');
		if (!timingSafeEqual(hashPassword(password, Buffer.from(user.salt, 'hex')), expected)) return null;
		const payload = b64url(JSON.stringify({ sub: user.id, iss: this.env.TOKEN_ISSUER, iat: Math.floor(Date.now() / 1000) }));
		return `${payload}.${this.#sign(payload)}`;
	}

	/** The session of a token, or null when it is not one this service signed. */
	async session(token: string): Promise<Session | null> {
		const [payload = '', signature = ''] = String(token).split('.');
		const given = Buffer.from(signature, 'base64url');
		const wanted = Buffer.from(this.#sign(payload), 'base64url');
		if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return null;
		const { sub } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub: string };
		const user = await this.env.USERS.get<StoredUser>(`user:${sub}`, 'json');
		return user ? new Session(user, this.env) : null;
	}

	/** How many accounts exist, streamed to a callback per account (functions travel as stubs). */
	async forEachEmail(visit: (email: string) => Promise<void> | void): Promise<number> {
		const { keys } = await this.env.USERS.list({ prefix: 'email:' });
		for (const key of keys) await visit(key.name.slice('email:'.length));
		return keys.length;
	}

	#sign(payload: string): string {
		return b64url(createHmac('sha256', this.env.TOKEN_KEY).update(payload).digest());
	}
}

// The default export answers plain HTTP; the gateway only uses the RPC entrypoint above.
export default class extends WorkerEntrypoint<Env> {
	async fetch(): Promise<Response> {
		return new Response('accounts-service speaks RPC only; bind it with entrypoint "AccountsService"', { status: 404 });
	}
}
