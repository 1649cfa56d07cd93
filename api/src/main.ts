import { buildApp } from './app';
import { loadConfig } from './config';
import { DataDirLockedError } from './db/lock';

async function main() {
  const config = loadConfig();
  let app;
  try {
    // The database phase's lines as plain lines, like the URL below: a first start takes a while.
    app = await buildApp(config, { progress: (line) => console.log(line) });
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      console.error(`API not started: ${e.message}`);
      process.exit(2);
    }
    throw e;
  }

  // Graceful shutdown (docs/operations.md): not ready at once, so load balancers that follow
  // /readyz stop sending requests here; after SHUTDOWN_DELAY_SECONDS the server stops accepting,
  // event streams are told to reconnect (elsewhere), requests in flight are answered, then the
  // database closes. Whatever still runs after SHUTDOWN_TIMEOUT_SECONDS is cut (exit 1).
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const { delaySeconds, timeoutSeconds } = config.shutdown;
    app.ctx.lifecycle.beginShutdown();
    app.log.info(`${signal} received: not ready; closing the API and the database`);
    const timer = setTimeout(
      () => {
        app.log.error(`Shutdown took more than ${timeoutSeconds} s, exiting`);
        process.exit(1);
      },
      (delaySeconds + timeoutSeconds) * 1000,
    );
    timer.unref();
    try {
      if (delaySeconds > 0) await new Promise((resolve) => setTimeout(resolve, delaySeconds * 1000));
      await app.close();
      console.log('Marketplace API stopped');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'Error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
  app.log.info(`Database: ${where}; mail: ${app.ctx.mailer.mode === 'smtp' ? 'SMTP' : `outbox ${config.outboxDir}`}`);
  console.log(`Marketplace API listening on ${url}`);
}

main().catch((err) => {
  console.error('API failed to start:', err);
  process.exit(1);
});
