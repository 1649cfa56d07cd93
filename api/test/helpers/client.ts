import { startServer, type TestServer } from './server';
import { ApiError } from '../../../shared/src/api/http';
import { useSession } from '../../../shared/src/session/sessionStore';

/**
 * For tests of the front ends' typed client: starts a PGlite server for the file and points the
 * client at it (window.__MARKETPLACE_CONFIG__). Returns a getter for the running server.
 */
export function serveClient(): () => TestServer {
  let s: TestServer | undefined;
  beforeAll(async () => {
    s = await startServer('pglite');
    (globalThis as any).window = { __MARKETPLACE_CONFIG__: { apiUrl: s.url } };
  });
  afterAll(async () => {
    delete (globalThis as any).window;
    useSession.setState({ session: null });
    await s?.stop();
  });
  return () => {
    if (!s) throw new Error('server not started');
    return s;
  };
}

/** The ApiError a client call rejects with (fails the test when it resolves). */
export async function rejection(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected a rejection');
}
