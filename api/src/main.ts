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

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing the API and the database`);
    const timer = setTimeout(() => {
      app.log.error('Shutdown took too long, exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
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
