import { MAX_ID } from '@marketplace/contract';
import type { Config } from './config';
import { openDatabase } from './db/connect';
import { migrateToLatest } from './db/migrations';
import type { OrderStatusValue } from './db/schema';
import { setShipmentStatus } from './domains/orders/repository';
import { ORDER_STATUSES } from './domains/orders/rules';

const CHOICES = [...ORDER_STATUSES, 'auto'];

/**
 * Sets the status of an order's shipments or of one shipment (there is no admin screen). An
 * explicit status wins over the clock and over the seller; `auto` lets a marketplace shipment
 * follow the clock again (ORDER_SHIP_AFTER_HOURS / ORDER_DELIVER_AFTER_HOURS); a seller's
 * shipment has no clock and keeps its status. With the embedded PGlite database, stop the API
 * first (it holds the folder).
 */
function statusCommand(what: 'order' | 'shipment') {
  const usage = `Usage: npm run ops -- ${what}:status <${what}id> <${CHOICES.join('|')}>`;
  return {
    describe: `<${what}id> <Processing|Shipped|Delivered|Cancelled|auto>: set ${
      what === 'order' ? "every shipment of an order's" : "one shipment's"
    } status (auto = follow the clock).`,
    async run(args: string[], config: Config): Promise<void> {
      const [idText, statusText] = args;
      if (!idText || !statusText || args.length > 2) throw new Error(usage);
      if (!/^[1-9][0-9]{0,9}$/.test(idText) || Number(idText) > MAX_ID)
        throw new Error(`${what}id must be a positive whole number, got '${idText}'. ${usage}`);
      const status = CHOICES.find((s) => s.toLowerCase() === statusText.toLowerCase()) as
        OrderStatusValue | 'auto' | undefined;
      if (!status) throw new Error(`Unknown status '${statusText}'. ${usage}`);

      const database = await openDatabase(config);
      try {
        await migrateToLatest(database.db);
        const id = Number(idText);
        const target = what === 'order' ? { orderid: id } : { shipmentid: id };
        const result = await setShipmentStatus(database.db, config.orders, target, status);
        if (!result) throw new Error(`${what === 'order' ? 'Order' : 'Shipment'} ${idText} not found`);
        console.log(
          `${what === 'order' ? 'Order' : 'Shipment'} ${idText}: ${result.before} → ${result.after}${
            status === 'auto' ? ' (follows the clock where the marketplace ships)' : ''
          }`,
        );
      } finally {
        await database.close();
      }
    },
  };
}

/** `order:status <orderid> <status|auto>`: every shipment of the order. */
export const orderStatusCommand = statusCommand('order');
/** `shipment:status <shipmentid> <status|auto>`: one shipment. */
export const shipmentStatusCommand = statusCommand('shipment');
