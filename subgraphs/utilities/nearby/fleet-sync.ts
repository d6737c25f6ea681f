import type { MikroORM } from '@mikro-orm/postgresql';
import { consume } from '../../../kernel/events.js';
import type { Logger } from '../../../kernel/logger.js';
import { applyFleetVehicle } from './store.js';

/**
 * The nearby store follows the LSP family's vehicles through the platform event log (topic `lsp.vehicle`,
 * kernel/events.ts), never through LSP tables: every replica polls; the consumer cursor's row lock hands each batch
 * to one of them.
 */
export const FLEET_SYNC_CONSUMER = 'utilities.nearby';

export function startFleetSync(orm: MikroORM, log: Logger, intervalMs = 500): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      let n: number;
      do {
        n = await consume(orm.em.fork(), FLEET_SYNC_CONSUMER, 'lsp.vehicle', async (events, em) => {
          for (const e of events) {
            if (e.workspaceId) await applyFleetVehicle(em, e.workspaceId, e.key, e.payload);
          }
        });
      } while (n > 0);
    } catch (err) {
      log.error({ err }, 'fleet sync failed; retrying');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
