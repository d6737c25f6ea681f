import type { MikroORM } from '@mikro-orm/postgresql';
import { follow, followBatches, type StopFollowing } from '../../../kernel/events.js';
import type { Logger } from '../../../kernel/logger.js';
import { applyDevicePositions, applyFleetVehicle } from './store.js';

/**
 * The nearby store follows the LSP family's vehicles through the platform event log (topic `lsp.vehicle`,
 * kernel/events.ts), never through LSP tables: every replica polls; the consumer cursor's row lock hands each batch
 * to one of them.
 */
export const FLEET_SYNC_CONSUMER = 'utilities.nearby';

export function startFleetSync(orm: MikroORM, log: Logger, intervalMs = 500): StopFollowing {
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

/**
 * Device positions (topic `iot.position`, docs/iot.md "Positions"): the IoT family's devices that ride in a vehicle
 * move it in the nearby index, a batch of events in one upsert. Its own consumer, polling every 100 ms: a position reaches nearby search well within
 * the 500 ms the platform promises from publish to index.
 */
export const DEVICE_POSITION_CONSUMER = 'utilities.device-positions';

export function startDevicePositionSync(orm: MikroORM, log: Logger, intervalMs = 100): StopFollowing {
  return followBatches(orm, log, DEVICE_POSITION_CONSUMER, ['iot.position'], (events, em) => applyDevicePositions(em, events), intervalMs);
}
