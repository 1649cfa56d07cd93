/**
 * Operator commands: `npm run ops -w api -- <command> [args]` (same environment as the API).
 */
import { loadConfig, type Config } from './config';
import { openDatabase } from './db/connect';
import { migrateToLatest } from './db/migrations';
import { orderStatusCommand, shipmentStatusCommand } from './ops-orders';

interface Command {
  describe: string;
  run(args: string[], config: Config): Promise<void>;
}

export const commands: Record<string, Command> = {
  'order:status': orderStatusCommand,
  'shipment:status': shipmentStatusCommand,
  'db:migrate': {
    describe: 'Apply the pending database migrations (the API also does this when it starts).',
    async run(_args, config) {
      const database = await openDatabase(config);
      try {
        const applied = await migrateToLatest(database.db);
        console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database schema is up to date.');
      } finally {
        await database.close();
      }
    },
  },
};

function usage(): string {
  return [
    'Usage: npm run ops -w api -- <command>',
    '',
    'Commands:',
    ...Object.entries(commands).map(([n, c]) => `  ${n.padEnd(16)} ${c.describe}`),
  ].join('\n');
}

export async function runOps(argv: string[], config?: Config): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help') {
    console.log(usage());
    return name ? 0 : 1;
  }
  const command = commands[name];
  if (!command) {
    console.error(`Unknown command '${name}'.\n\n${usage()}`);
    return 1;
  }
  try {
    await command.run(args, config ?? loadConfig());
    return 0;
  } catch (e) {
    console.error(`${name} failed: ${(e as Error).message}`);
    return 1;
  }
}

if (require.main === module) {
  runOps(process.argv.slice(2)).then((code) => process.exit(code));
}
