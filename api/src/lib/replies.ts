import type { TSchema } from 'typebox';
import { ErrorReply } from '@marketplace/contract';

/** Response schemas of a JSON route: the success envelope and the `{status, msg, data}` error shape. */
export function replies<T extends TSchema>(ok: T) {
  return { 200: ok, '4xx': ErrorReply, '5xx': ErrorReply } as const;
}
