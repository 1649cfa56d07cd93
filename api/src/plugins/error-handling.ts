import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/errors';
import { validationMessage } from '../lib/validation';

function replyError(status: number, msg: string, data: null | boolean = null) {
  return { status, msg, data };
}

/**
 * Every failure answered as `{ status, msg, data }`: HttpErrors with their status, schema and body
 * errors with a readable 4xx, unknown routes 404, anything else 500 (logged). JSON bodies only.
 */
export const errorHandling = fp(
  async (app) => {
    // JSON only (multipart arrives with uploads); anything else is 415, not a 500.
    app.removeContentTypeParser('text/plain');

    app.setErrorHandler((err: FastifyError, req, reply) => {
      if (err instanceof HttpError) {
        return reply
          .code(err.statusCode)
          .headers(err.headers)
          .send(replyError(err.statusCode, err.message, err.data));
      }
      if (err.validation) {
        return reply.code(400).send(replyError(400, validationMessage(err)));
      }
      switch (err.code) {
        case 'FST_ERR_CTP_INVALID_JSON_BODY':
          return reply.code(400).send(replyError(400, 'Malformed JSON in the request body'));
        case 'FST_ERR_CTP_EMPTY_JSON_BODY':
          return reply.code(400).send(replyError(400, 'The request body is empty; send a JSON object'));
        case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
          return reply.code(415).send(replyError(415, 'Unsupported content type: send application/json'));
        case 'FST_ERR_CTP_BODY_TOO_LARGE':
          return reply.code(413).send(replyError(413, 'The request body is too large'));
        case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
          return reply.code(400).send(replyError(400, 'Content-Length does not match the body'));
      }
      const status = err.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.code(status).send(replyError(status, err.message));
      }
      req.log.error({ err }, 'Request failed');
      return reply.code(500).send(replyError(500, 'Internal server issues'));
    });

    app.setNotFoundHandler((req, reply) => {
      const path = req.url.split('?')[0];
      reply.code(404).send(replyError(404, `No such API route: ${req.method} ${path}`));
    });
  },
  { name: 'error-handling' },
);
