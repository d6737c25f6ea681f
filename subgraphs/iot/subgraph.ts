import type { SubgraphDefinition } from '../../kernel/subgraph.js';
import { follow } from '../../kernel/events.js';
import { referenceResolver } from './common/references.js';
import { ConnectorAssignment, ConnectorCopy } from './connectors/entities.js';
import { applyConnectorEvent, CONNECTOR_CONSUMER, CONNECTOR_TOPICS } from './connectors/service.js';
import { startMqtt } from './devices/broker.js';
import { IotDevice, VehicleCopy } from './devices/entities.js';
import { startIngestor, stopIngestor } from './devices/ingest.js';
import { IotDeviceResolver } from './devices/resolvers.js';
import { applyVehicleEvent, VEHICLE_CONSUMER, VEHICLE_TOPICS } from './devices/service.js';
import { expireReports } from './devices/telemetry.js';
import { migrations } from './migrations/index.js';
import { IotRule } from './rules/entities.js';
import { IotRuleResolver } from './rules/resolvers.js';
import { IotTopic } from './topics/entities.js';
import { IotTopicResolver } from './topics/resolvers.js';

/**
 * The IoT subgraph (spec groups 11–13; docs/iot.md): an IoTSP's rules (rules/: checked and compiled parsers of device
 * report lines), MQTT topic filters (topics/), devices with their telemetry (devices/: HTTP batches, the embedded
 * broker or an external one, one ingestion writer, retention), and the connectors assigned to rules and topics
 * (connectors/: checked against an event-fed copy of the workspace's connectors). Device positions go through the
 * event log (`iot.position`) into the utilities' nearby index.
 */
/** How often the copies' consumers poll between the catch-ups of requests. */
const CATCH_UP_MS = 5000;

export const iotSubgraph: SubgraphDefinition = {
  name: 'iot',
  resolvers: [IotRuleResolver, IotTopicResolver, IotDeviceResolver],
  referenceResolvers: {
    IotRule: referenceResolver(IotRule),
    IotTopic: referenceResolver(IotTopic),
    IotDevice: referenceResolver(IotDevice),
  },
  database: {
    entities: [IotRule, IotTopic, IotDevice, ConnectorCopy, ConnectorAssignment, VehicleCopy],
    migrations,
    migrationsPath: 'subgraphs/iot/migrations',
  },
  onStart: async (orm, config, log) => {
    startIngestor(orm, log, { maxQueued: config.INGEST_QUEUE_MAX, batchSize: config.INGEST_BATCH });
    const stopMqtt = await startMqtt(orm, config, log);
    const stopConnectors = follow(orm, log, CONNECTOR_CONSUMER, CONNECTOR_TOPICS, applyConnectorEvent, CATCH_UP_MS);
    const stopVehicles = follow(orm, log, VEHICLE_CONSUMER, VEHICLE_TOPICS, applyVehicleEvent, CATCH_UP_MS);
    const sweep = () =>
      void expireReports(orm.em.fork(), config.TELEMETRY_RETENTION_DAYS)
        .then((n) => n && log.info({ reports: n }, 'expired reports deleted'))
        .catch((err) => log.error({ err }, 'report retention sweep failed'));
    const retention = setInterval(sweep, config.TELEMETRY_SWEEP_INTERVAL_SECONDS * 1000);
    retention.unref();
    sweep();
    return async () => {
      clearInterval(retention);
      await Promise.all([stopConnectors(), stopVehicles()]);
      await stopMqtt().then(() => stopIngestor());
    };
  },
};
