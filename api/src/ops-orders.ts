import { MAX_ID } from '@marketplace/contract';
import type { Config } from './config';
import { openDatabase } from './db/connect';
import { migrateToLatest } from './db/migrations';
import type { OrderStatusValue } from './db/schema';
import { setOrderStatus } from './domains/orders/repository';
import { ORDER_STATUSES } from './domains/orders/rules';

/**
 * `order:status <orderid> <Processing|Shipped|Delivered|Cancelled|auto>`: sets an order's status
 * (there is no admin screen). An explicit status wins over the clock; `auto` lets the order follow
 * the clock again (ORDER_SHIP_AFTER_HOURS / ORDER_DELIVER_AFTER_HOURS).
 * With the embedded PGlite database, stop the API first (it holds the folder).
 */
export const orderStatusCommand = {
  describe: '<orderid> <Processing|Shipped|Delivered|Cancelled|auto>: set an order status (auto = follow the clock).',
  async run(args: string[], config: Config): Promise<void> {
    const [idText, statusText] = args;
    const usage = `Usage: npm run ops -- order:status <orderid> <${[...ORDER_STATUSES, 'auto'].join('|')}>`;
    if (!idText || !statusText || args.length > 2) throw new Error(usage);
    if (!/^[1-9][0-9]{0,9}$/.test(idText) || Number(idText) > MAX_ID)
      throw new Error(`orderid must be a positive whole number, got '${idText}'. ${usage}`);
    const status = [...ORDER_STATUSES, 'auto'].find((s) => s.toLowerCase() === statusText.toLowerCase()) as
      OrderStatusValue | 'auto' | undefined;
    if (!status) throw new Error(`Unknown status '${statusText}'. ${usage}`);

    const database = await openDatabase(config);
    try {
      await migrateToLatest(database.db);
      const result = await setOrderStatus(database.db, config.orders, Number(idText), status);
      if (!result) throw new Error(`Order ${idText} not found`);
      console.log(
        `Order ${idText}: ${result.before} → ${result.after}${status === 'auto' ? ' (follows the clock)' : ''}`,
      );
    } finally {
      await database.close();
    }
  },
};
