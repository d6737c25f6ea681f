import type { SubgraphDefinition } from '../../kernel/subgraph.js';
import { migrations } from './migrations/index.js';
import { TemplateRecord } from './templates/entities.js';
import { PipelineRecord } from './pipelines/entities.js';
import { ExecutionLogRecord, ExecutionRecord, QueryCacheRecord } from './executions/entities.js';
import { DeliveryRecord, SigningSecretRecord } from './webhooks/entities.js';
import { EscalationRecord } from './monitoring/entities.js';
import { WorkerSwitchRecord } from './workers/entities.js';
import { TemplateResolver } from './templates/resolvers.js';
import { PipelineResolver } from './pipelines/resolvers.js';
import { ExecutionResolver } from './executions/resolvers.js';
import { WebhookResolver } from './webhooks/resolvers.js';
import { MonitoringResolver } from './monitoring/resolvers.js';
import { WorkerResolver } from './workers/resolvers.js';
import { startEngine } from './executions/engine.js';

/**
 * The pipelines subgraph (spec group 16; docs/pipelines.md): templates (templates/), pipelines deployed from them
 * (pipelines/), the execution engine on durable jobs (executions/), webhook deliveries (webhooks/), health, analytics
 * and escalations (monitoring/) and the worker switches (workers/); common/ holds the definition types, the scope and
 * the job queue.
 */
export const pipelinesSubgraph: SubgraphDefinition = {
  name: 'pipelines',
  resolvers: [TemplateResolver, PipelineResolver, ExecutionResolver, WebhookResolver, MonitoringResolver, WorkerResolver],
  database: {
    entities: [TemplateRecord, PipelineRecord, ExecutionRecord, ExecutionLogRecord, QueryCacheRecord, DeliveryRecord, SigningSecretRecord, EscalationRecord, WorkerSwitchRecord],
    migrations,
    migrationsPath: 'subgraphs/pipelines/migrations',
  },
  onStart: (orm, config, log) => startEngine(orm, config, log),
};
