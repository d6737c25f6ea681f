import { loadConfigOrExit } from '../kernel/config.js';
import { createLogger } from '../kernel/logger.js';
import { serve } from '../kernel/http.js';
import { RateLimits } from '../kernel/ratelimit.js';
import { createGateway } from './gateway.js';

/** The gateway alone (split topology): every subgraph is called over HTTP at its URL. */
const config = loadConfigOrExit();
const log = createLogger('gateway', config.LOG_LEVEL);
const limits = await RateLimits.open(config);
const gateway = await createGateway(config, { log, limits });
await serve(gateway.app, config.GATEWAY_PORT, config.HOST, log, async () => {
  await gateway.close();
  await limits.close();
});
