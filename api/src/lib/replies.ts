import type { TSchema } from 'typebox';
import { ErrorReply } from '@marketplace/contract';

/** Response schemas of a JSON route: the success envelope and the `{status, msg, data}` error shape. */
export function replies<T extends TSchema>(ok: T) {
  return { 200: ok, '4xx': ErrorReply, '5xx': ErrorReply } as const;
}

/**
 * Response schemas of a server-sent event stream (GET /auctionevents/{id}, GET /catalogue/changes):
 * 200 is the stream itself (text/event-stream, written by lib/event-streams.ts, ending with a
 * `reconnect` event when the process shuts down); a refusal is the usual `{status, msg, data}`.
 */
export function eventStreamReplies(description: string) {
  return {
    200: { description, content: { 'text/event-stream': { schema: { type: 'string' } } } },
    '4xx': ErrorReply,
    '5xx': ErrorReply,
  } as const;
}
