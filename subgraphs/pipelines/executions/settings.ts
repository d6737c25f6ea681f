/** The execution engine's settings (PIPELINE_*), apart from engine.ts so that the dry run predicts with the same ones. */
import type { Config } from '../../../kernel/config.js';
import { parseAllowList, type AllowList } from '../../../kernel/webhooks/guard.js';

export interface EngineSettings {
  stageTimeoutMs: number;
  retryCapMs: number;
  maxStageRuns: number;
  allow: AllowList;
}
let settings: EngineSettings = { stageTimeoutMs: 30_000, retryCapMs: 300_000, maxStageRuns: 1000, allow: parseAllowList('') };

/** The settings the engine was started with (the defaults until it is). */
export const engineSettings = (): EngineSettings => settings;

/** Takes the engine's settings from the process's configuration (when the engine starts). */
export function configureEngine(config: Config): void {
  settings = {
    stageTimeoutMs: config.PIPELINE_STAGE_TIMEOUT_MS,
    retryCapMs: config.PIPELINE_RETRY_MAX_DELAY_MS,
    maxStageRuns: config.PIPELINE_MAX_STAGE_RUNS,
    allow: parseAllowList(config.PIPELINE_WEBHOOK_ALLOW),
  };
}
