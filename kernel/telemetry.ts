import type { Request } from 'express';
import type { Logger } from './logger.js';

/**
 * OpenTelemetry trace export (docs/operations.md), off by default. The standard variables switch it on:
 * `OTEL_TRACES_EXPORTER=otlp`, or an `OTEL_EXPORTER_OTLP_ENDPOINT` / `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`; and
 * `OTEL_SDK_DISABLED=true` keeps it off whatever else is set. The SDK reads the rest itself (`OTEL_SERVICE_NAME`,
 * `OTEL_EXPORTER_OTLP_HEADERS`, `OTEL_BSP_SCHEDULE_DELAY`, …). Every HTTP request a process serves becomes a server span
 * that continues the caller's `traceparent`; the SDK is loaded only when switched on, so it costs nothing when off.
 */
export function telemetryEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED === 'true') return false;
  if (env.OTEL_TRACES_EXPORTER) return env.OTEL_TRACES_EXPORTER.split(',').includes('otlp');
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

let started: Promise<void> | undefined;

/** Starts a server span for a request (set by `start` when OpenTelemetry is on; kernel/observability.ts calls it). */
export type SpanStarter = (
  service: string,
  req: Request,
  trace: { traceId: string; parentId?: string; flags: string },
) => { traceId: string; spanId: string; end(route: string, status: number): void } | undefined;
let startSpan: SpanStarter | undefined;
const setSpanStarter = (s: SpanStarter) => void (startSpan = s);

/** A server span for a request when OpenTelemetry is on, else undefined (the request keeps its own ids). */
export const startServerSpan: SpanStarter = (service, req, trace) => startSpan?.(service, req, trace);

/** Starts the SDK once per process when switched on (a no-op otherwise). */
export function startTelemetry(log: Logger): Promise<void> {
  started ??= telemetryEnabled() ? start(log) : Promise.resolve();
  return started;
}

async function start(log: Logger): Promise<void> {
  const [{ NodeSDK }, { OTLPTraceExporter }, api] = await Promise.all([import('@opentelemetry/sdk-node'), import('@opentelemetry/exporter-trace-otlp-http'), import('@opentelemetry/api')]);
  const sdk = new NodeSDK({ serviceName: process.env.OTEL_SERVICE_NAME ?? 'logistics-platform', traceExporter: new OTLPTraceExporter(), instrumentations: [] });
  sdk.start();
  process.once('beforeExit', () => void sdk.shutdown());
  const tracer = api.trace.getTracer('logistics-platform');
  setSpanStarter((component, req, t) => {
    const parent = t.parentId ? api.trace.setSpanContext(api.ROOT_CONTEXT, { traceId: t.traceId, spanId: t.parentId, traceFlags: parseInt(t.flags, 16), isRemote: true }) : api.ROOT_CONTEXT;
    const span = tracer.startSpan(req.method, { kind: api.SpanKind.SERVER, attributes: { 'http.request.method': req.method, 'platform.component': component } }, parent);
    const { traceId, spanId } = span.spanContext();
    return {
      traceId,
      spanId,
      end(route, status) {
        span.updateName(`${req.method} ${route}`);
        span.setAttributes({ 'http.route': route, 'http.response.status_code': status });
        if (status >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR });
        span.end();
      },
    };
  });
  log.info({ exporter: 'otlp' }, 'OpenTelemetry trace export on');
}
