import type { Config } from './config';
import type { App } from './context';
import { createFastify } from './server';
import { authentication } from './plugins/authentication';
import { caches } from './plugins/caches';
import { catalogueFastPath } from './plugins/catalogue-fast-path';
import { crossOrigin } from './plugins/cors';
import { database } from './plugins/database';
import { errorHandling } from './plugins/error-handling';
import { eventStreams } from './plugins/event-streams';
import { hardening } from './plugins/hardening';
import { requestLogging, type LogOptions } from './plugins/logging';
import { messaging } from './plugins/messaging';
import { apiRoutes } from './domains';

export type BuildOptions = LogOptions;

/**
 * Builds the API: the Fastify instance (server.ts), then its plugins in order, then the routes.
 * `await app.close()` closes everything, the database last. A plugin that fails to start closes
 * what the earlier ones opened.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const app = createFastify(config, options);
  try {
    await app.register(hardening);
    await app.register(requestLogging);
    await app.register(database, { config });
    await app.register(caches);
    await app.register(messaging);
    await app.register(eventStreams);
    await app.register(authentication);
    await app.register(errorHandling);
    await app.register(crossOrigin, { config });
    await app.register(apiRoutes);
    await app.register(catalogueFastPath);
  } catch (e) {
    await app.close();
    throw e;
  }
  return app;
}
