/**
 * What every route of spec group 17 (queries) shares: a workspace API key with `X-Workspace-ID`, the generic envelope
 * with the result's fields beside `error` and `status` (`{error:false, status:"SUCCESS", services, total, …}`; a search
 * that matched nothing answers `status: "NO_RESULTS"`, HTTP 200, from the result's own `status`), ISO-8601 instants,
 * points `[lat, lng]`. Failures: `{error:true, status, message, field?}` with UNAUTHORIZED 401, FORBIDDEN 403
 * ("verify workspace access"), NOT_FOUND 404, VALIDATION_ERROR 400, CAPACITY_UNAVAILABLE / PRICING_UNAVAILABLE 503,
 * RATE_LIMIT_EXCEEDED 429. Paths are written under `/v1/queries`; queries.ts serves each under `/v1/realm/queries` too.
 */
export const q = { tag: 'Queries', envelope: 'generic', auth: 'api-key+workspace' } as const;

/** A registry entry as REST writes it (spec "ServiceRegistryEntry"). */
export const ENTRY = `compositeId lsp serviceId serviceType name description
  location { coordinates { latitude longitude } address { street city region country postalCode } timezone }
  capabilities coverage { geographic { type value } serviceTypes }
  performance { onTimeDeliveryRate orderAccuracy averageProcessingTime damageRate customerSatisfaction overallScore lastUpdated }
  status tags distance proximityScore created updated lastSynced`;

/** A capacity as REST writes it (spec "Capacity"). */
export const CAPACITY = 'type total used available reserved utilizationRate unit lastUpdated';
