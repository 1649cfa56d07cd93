/** An expected failure: answered as `{ status, msg, data }` with this status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly data: null | boolean = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (msg: string, data: null | boolean = null) => new HttpError(400, msg, data);
export const unauthorized = (msg = 'Session expired, please login again') => new HttpError(401, msg);
export const forbidden = (msg = 'Unauthorized User') => new HttpError(403, msg);
export const notFound = (msg: string) => new HttpError(404, msg);
export const conflict = (msg: string) => new HttpError(409, msg);
