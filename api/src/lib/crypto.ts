import { createHash, createHmac, randomBytes, randomInt, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

function scrypt(password: string, salt: Buffer, keylen: number, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(
      password.normalize('NFKC'),
      salt,
      keylen,
      { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r + 16 * 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

/**
 * scrypt with a 16-byte random salt; the parameters are stored in the hash
 * (`scrypt$N$r$p$salt$key`, base64) so the cost can be raised later. OWASP: N=2^17, r=8, p=1.
 */
export async function hashPassword(password: string, params: ScryptParams): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, 32, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, N, r, p, salt, key] = parts;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(N),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A random token of 256 bits with a readable kind prefix (lt_ login, rt_ reset, pf_ proof). */
export function randomToken(prefix: string): string {
  return `${prefix}_${randomBytes(32).toString('base64url')}`;
}

/** What the database keeps of a token: its SHA-256 (hex). */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function sha256Hex(data: Buffer | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

export function hmac(secret: string, data: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}

/** Six decimal digits from the CSPRNG. */
export function randomOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}
