import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, type Config } from './config';
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
import { auctionClose } from './plugins/auction-close';
import { notices } from './plugins/notices';
import { imageVariants } from './plugins/image-variants';
import { openapi } from './plugins/openapi';
import { operations } from './plugins/operations';
import { metrics } from './plugins/metrics';
import { apiRoutes } from './domains';
import type { OpenDatabase } from './db/connect';
import { prepareDatabase } from './db/prepare';
import type { Report } from './db/progress';

/** The API's version (api/package.json), as the OpenAPI document states it. */
const API_VERSION: string = JSON.parse(readFileSync(path.join(REPO_ROOT, 'api', 'package.json'), 'utf8')).version;

export interface BuildOptions extends LogOptions {
  /** Told what the database phase (create, migrate, seed) is doing; default: the app's log at info. */
  progress?: Report;
}

/**
 * Builds the API: the Fastify instance (server.ts), the database (db/prepare.ts), then the
 * plugins in order, then the routes. `await app.close()` closes everything, the database last.
 * A plugin that fails to start closes what the earlier ones opened.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const app = createFastify(config, options);
  let opened: OpenDatabase | undefined;
  try {
    // Before the plugins: a first start's create, migrate and seed takes from seconds to a minute,
    // and Fastify gives each plugin 10 s (pluginTimeout) to start.
    opened = await prepareDatabase(config, options.progress ?? ((line) => app.log.info(line)), app.log);
    await app.register(hardening);
    await app.register(requestLogging);
    await app.register(database, { config, opened });
    await app.register(caches);
    await app.register(imageVariants);
    await app.register(messaging);
    await app.register(auctionClose);
    await app.register(eventStreams);
    await app.register(notices);
    await app.register(authentication);
    await app.register(errorHandling);
    await app.register(crossOrigin, { config });
    await app.register(openapi, { version: API_VERSION });
    await app.register(operations);
    await app.register(metrics);
    await app.register(apiRoutes);
    await app.register(catalogueFastPath);
  } catch (e) {
    await app.close();
    await opened?.close();
    throw e;
  }
  return app;
}
