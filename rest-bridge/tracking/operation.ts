/**
 * The one GraphQL operation of the order tracking page (rest-bridge/tracking-page.ts): what the receiver sees, read
 * with the link's token and no credential. The bridge sends it by hash like its routes' operations, so the gateway
 * registers it beside them (gateway/persisted.ts) and it runs with GRAPHQL_OPERATIONS=registered too. No agent, no
 * phone: the type has none (docs/orders.md "Tracking links").
 */
export const TRACKING_OPERATION = `query TrackingPage($token: String!) {
  orderTracking(token: $token) {
    reference
    status
    stage
    timeline { status at }
    packages { trackingCode status }
    stops { no type location { latitude longitude } address }
    vehicle { position { latitude longitude } heading recordedAt eta etaMinutes distanceKm }
    expiresAt
    updatedAt
  }
}`;

/** The answer's shape (`data.orderTracking`), as the page's script reads it from `GET /track/:token/data`. */
export interface TrackingView {
  reference: string;
  status: string;
  stage: string;
  timeline: { status: string; at: string }[];
  packages: { trackingCode: string; status: string }[];
  stops: { no: number; type: 'pickup' | 'dropoff'; location: { latitude: number; longitude: number }; address: string | null }[];
  vehicle: {
    position: { latitude: number; longitude: number } | null;
    heading: number | null;
    recordedAt: string | null;
    eta: string | null;
    etaMinutes: number | null;
    distanceKm: number | null;
  } | null;
  expiresAt: string | null;
  updatedAt: string;
}
