import type { MikroORM } from '@mikro-orm/postgresql';
import { follow } from '../../../kernel/events.js';
import type { Logger } from '../../../kernel/logger.js';
import { applyFleetVehicle } from './store.js';

/**
 * The nearby store follows the LSP family's vehicles through the platform event log (topic `lsp.vehicle`,
 * kernel/events.ts), never through LSP tables: every replica polls; the consumer cursor's row lock hands each batch
 * to one of them.
 */
export const FLEET_SYNC_CONSUMER = 'utilities.nearby';

export function startFleetSync(orm: MikroORM, log: Logger, intervalMs = 500): () => void {
  return follow(
    orm,
    log,
    FLEET_SYNC_CONSUMER,
    ['lsp.vehicle'],
    async (e, em) => {
      if (e.workspaceId) await applyFleetVehicle(em, e.workspaceId, e.key, e.payload);
    },
    intervalMs,
  );
}
