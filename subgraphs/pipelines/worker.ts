import 'reflect-metadata';
import { loadConfigOrExit } from '../../kernel/config.js';
import { databaseReady, openDatabase } from '../../kernel/db.js';
import { createApp, healthRoutes, listen, onShutdown } from '../../kernel/http.js';
import { createLogger } from '../../kernel/logger.js';
import { pipelinesSubgraph } from './subgraph.js';
import { startEngine } from './executions/engine.js';

/**
 * A pipelines worker process (docs/pipelines.md "Workers"): takes pipeline steps and runs the health worker. It serves
 * no API, only `/healthz`, `/readyz` and `/metrics` on PIPELINE_WORKER_PORT (docs/operations.md "Metrics": the
 * executions it ends and the WEBHOOK stages it delivers are counted there). The split platform starts
 * PIPELINE_WORKER_PROCESSES of them; more may run on other machines against the same database: they share the work
 * through the job queue.
 */
const config = loadConfigOrExit();
const log = createLogger('pipelines-worker');
const orm = await openDatabase(config, { schema: 'pipelines', ...pipelinesSubgraph.database }, log);
const stop = await startEngine(orm, config, log, true);
const app = createApp();
healthRoutes(app, () => databaseReady(orm.em));
const http = await listen(app, config.PIPELINE_WORKER_PORT, config.HOST, log);
log.info('pipelines worker ready');
onShutdown(log, async () => {
  await http.close();
  await stop();
  await orm.close();
});
