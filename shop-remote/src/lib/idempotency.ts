/**
 * A fresh Idempotency-Key for one checkout attempt. crypto.randomUUID() exists only in secure
 * contexts (https, localhost); elsewhere the key is built from crypto.getRandomValues().
 */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  return `chk-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
