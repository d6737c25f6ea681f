import 'reflect-metadata';
import { loadConfigOrExit } from '../../kernel/config.js';
import { openDatabase } from '../../kernel/db.js';
import { createLogger } from '../../kernel/logger.js';
import { pipelinesSubgraph } from './subgraph.js';
import { startEngine } from './executions/engine.js';

/**
 * A pipelines worker process (docs/pipelines.md "Workers"): takes pipeline steps and runs the health worker, serving
 * no HTTP. The split platform starts PIPELINE_WORKER_PROCESSES of them; more may run on other machines against the
 * same database: they share the work through the job queue.
 */
const config = loadConfigOrExit();
const log = createLogger('pipelines-worker');
const orm = await openDatabase(config, { schema: 'pipelines', ...pipelinesSubgraph.database }, log);
const stop = await startEngine(orm, config, log, true);
log.info('pipelines worker ready');
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    setTimeout(() => process.exit(0), 8000).unref();
    void stop()
      .then(() => orm.close())
      .finally(() => process.exit(0));
  });
}
