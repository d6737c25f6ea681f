import { loadConfigOrExit } from '../kernel/config.js';
import { createLogger } from '../kernel/logger.js';
import { serve } from '../kernel/http.js';
import { RateLimits } from '../kernel/ratelimit.js';
import { createBridge } from './bridge.js';

/** The REST bridge alone (split topology): it calls the gateway at GATEWAY_URL. */
const config = loadConfigOrExit();
const log = createLogger('bridge', config.LOG_LEVEL);
const limits = await RateLimits.open(config);
const app = createBridge(config, { log, limits });
await serve(app, config.BRIDGE_PORT, config.HOST, log, () => limits.close());
