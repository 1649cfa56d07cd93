import { negotiate } from '@fastify/accept-negotiator';

export type Coding = 'br' | 'gzip';

/** The codings the front-end servers send, best first (brotli wins a tie). */
const CODINGS: Coding[] = ['br', 'gzip'];

/**
 * The content coding a request accepts best: 'br', else 'gzip', else undefined (the body as it
 * is). Negotiated by @fastify/accept-negotiator (q-values, `*` for any coding not named), as the
 * API does; coding names are case-insensitive and x-gzip is gzip (RFC 9110).
 */
export function acceptedEncoding(header: string | string[] | undefined): Coding | undefined {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return undefined;
  return (negotiate(value.toLowerCase().replace(/x-gzip/g, 'gzip'), CODINGS) as Coding | null) ?? undefined;
}
