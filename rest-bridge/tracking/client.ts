/**
 * The order tracking page's script, in the receiver's browser (served as /track/assets/client.js, a module; Leaflet and
 * topojson-client are loaded before it as classic scripts). It draws the view the page carries, then asks
 * `<page>/data` for it again every `pollMs` and redraws: status (announced by a live region when it changes), ETA,
 * timeline, packages, and the vehicle's marker while the order is IN_TRANSIT. A 404 there means the link was revoked
 * or expired: the page then says that the link is not valid, and stops asking.
 *
 * The map is Leaflet over the land and coastlines the bridge ships (world-atlas land-50m, TopoJSON turned into GeoJSON
 * here) on a water-coloured background, or over TRACKING_TILE_URL's tiles when the page names a tile server.
 */
import type * as Leaflet from 'leaflet';
import type { GeoJsonObject } from 'geojson';
import { STRINGS, fill, type Locale, type Strings } from './strings.js';
import type { TrackingView } from './operation.js';

declare const L: typeof Leaflet;
declare const topojson: { feature(topology: unknown, object: unknown): GeoJsonObject };

interface PageData {
  locale: Locale;
  pollMs: number;
  tiles: string | null;
  view: TrackingView;
}

type Vehicle = NonNullable<TrackingView['vehicle']>;
type Position = NonNullable<Vehicle['position']>;

const page = JSON.parse(document.getElementById('tracking')!.textContent ?? '{}') as PageData;
const t: Strings = STRINGS[page.locale] ?? STRINGS.en;
const dateTime = new Intl.DateTimeFormat(page.locale, { dateStyle: 'medium', timeStyle: 'short' });
const clock = new Intl.DateTimeFormat(page.locale, { timeStyle: 'short' });
const clockSeconds = new Intl.DateTimeFormat(page.locale, { timeStyle: 'medium' });
const kilometres = new Intl.NumberFormat(page.locale, { maximumFractionDigits: 1 });

/** The moves an order makes on its way to DELIVERED: the timeline shows those still to come. */
const PATH = ['PLACED', 'ASSIGNED', 'PICKED_UP', 'IN_TRANSIT', 'DELIVERED'];
const FINAL = ['DELIVERED', 'CANCELLED', 'FAILED'];

const byId = (id: string) => document.getElementById(id)!;
const statusName = (s: string) => t.status[s as keyof Strings['status']] ?? s;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, props: { className?: string; text?: string; attrs?: Record<string, string> } = {}, ...children: Node[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (props.className) e.className = props.className;
  if (props.text !== undefined) e.textContent = props.text;
  for (const [k, v] of Object.entries(props.attrs ?? {})) e.setAttribute(k, v);
  e.append(...children);
  return e;
}

// ---- the map

const mapEl = byId('map');
const map = L.map(mapEl, { zoomSnap: 0.5, worldCopyJump: true });
map.attributionControl.setPrefix('Leaflet');
L.control.scale({ imperial: false }).addTo(map);
if (page.tiles) {
  const host = new URL(page.tiles.replace('{s}', 'a')).host;
  L.tileLayer(page.tiles, { maxZoom: 19, attribution: fill(t.tilesAttribution, { host }) }).addTo(map);
} else {
  // the land under the stops and the vehicle, whatever order things arrive in
  mapEl.classList.add('offline');
  map.createPane('land').style.zIndex = '250';
  map.attributionControl.addAttribution(t.landAttribution);
  void fetch('/track/assets/land-50m.json')
    .then((r) => r.json())
    .then((topology: { objects: { land: unknown } }) => {
      L.geoJSON(topojson.feature(topology, topology.objects.land), {
        pane: 'land',
        interactive: false,
        style: { color: '#9a927f', weight: 1, fillColor: '#f1ede3', fillOpacity: 1 },
      }).addTo(map);
      mapEl.dataset.land = 'drawn';
    })
    .catch(() => undefined);
}

const latLng = (p: Position): Leaflet.LatLngTuple => [p.latitude, p.longitude];
const stopPoints = page.view.stops.map((s) => latLng(s.location));
for (const stop of page.view.stops) {
  const pickup = stop.type.toLowerCase() === 'pickup';
  const label = fill(t.stop, { type: pickup ? t.pickup : t.dropoff, no: stop.no, address: stop.address ?? '' }).replace(/\s*:\s*$/, '');
  L.marker(latLng(stop.location), {
    icon: new L.Icon.Default({ className: pickup ? 'stop-pickup' : 'stop-dropoff' }),
    alt: label,
    title: label,
    keyboard: true,
  })
    .bindPopup(label)
    .addTo(map);
}
if (stopPoints.length > 1) L.polyline(stopPoints, { color: '#173a63', weight: 3, opacity: 0.7, dashArray: '6 6', interactive: false }).addTo(map);
if (stopPoints.length) map.fitBounds(L.latLngBounds(stopPoints), { padding: [40, 40], maxZoom: 15 });
else map.setView([20, 0], 2);

let vehicleMarker: Leaflet.Marker | undefined;

/** The vehicle's marker: added when the view has a position, moved as reports arrive, removed when the view has none. */
function drawVehicle(vehicle: Vehicle | null): void {
  const position = vehicle?.position;
  if (!vehicle || !position) {
    vehicleMarker?.remove();
    vehicleMarker = undefined;
    delete mapEl.dataset.vehicle;
    return;
  }
  const at = latLng(position);
  const label = vehicle.recordedAt ? fill(t.vehicleAt, { time: clock.format(new Date(vehicle.recordedAt)) }) : t.vehicle;
  if (!vehicleMarker) {
    vehicleMarker = L.marker(at, {
      icon: L.divIcon({ className: 'vehicle-marker', html: '<span class="arrow"></span>', iconSize: [30, 30], iconAnchor: [15, 15] }),
      keyboard: true,
      title: t.vehicle,
      zIndexOffset: 1000,
    })
      .bindPopup(label)
      .addTo(map);
    map.fitBounds(L.latLngBounds([...stopPoints, at]), { padding: [40, 40], maxZoom: 15 });
  } else {
    vehicleMarker.setLatLng(at);
    vehicleMarker.setPopupContent(label);
    if (!map.getBounds().contains(at)) map.panTo(at);
  }
  const icon = vehicleMarker.getElement()!;
  icon.setAttribute('role', 'img');
  icon.setAttribute('aria-label', label);
  icon.dataset.lat = String(position.latitude);
  icon.dataset.lng = String(position.longitude);
  const arrow = icon.querySelector<HTMLElement>('.arrow')!;
  arrow.hidden = vehicle.heading == null;
  if (vehicle.heading != null) arrow.style.transform = `rotate(${vehicle.heading}deg)`;
  mapEl.dataset.vehicle = `${position.latitude},${position.longitude}`;
}

// ---- the text

function drawStatus(view: TrackingView): void {
  const status = byId('status');
  // only a change is written, so the live region announces changes, not every poll
  if (status.dataset.status !== view.status || !byId('stage').textContent) {
    status.dataset.status = view.status;
    status.textContent = statusName(view.status);
    byId('stage').textContent = t.stage[view.stage as keyof Strings['stage']] ?? '';
  }
  const vehicle = view.vehicle;
  let eta = '';
  if (vehicle?.eta) {
    const minutes = vehicle.etaMinutes ?? Math.max(0, Math.round((Date.parse(vehicle.eta) - Date.now()) / 60_000));
    eta = fill(minutes < 1 ? t.etaSoon : t.eta, { time: clock.format(new Date(vehicle.eta)), minutes });
    if (vehicle.distanceKm != null) eta += ` · ${fill(t.distance, { km: kilometres.format(vehicle.distanceKm) })}`;
  } else if (vehicle && !vehicle.position) eta = t.waitingForVehicle;
  byId('eta').textContent = eta;
}

function drawTimeline(view: TrackingView): void {
  const steps: { status: string; at: string | null }[] = view.timeline.map((s) => ({ status: s.status, at: s.at }));
  const final = FINAL.includes(view.status);
  if (!final) for (const s of PATH.slice(PATH.indexOf(view.status) + 1)) steps.push({ status: s, at: null });
  const items = steps.map((step, i) => {
    const isLast = i === view.timeline.length - 1;
    const state = step.at === null ? 'todo' : isLast && (view.status === 'CANCELLED' || view.status === 'FAILED') ? 'ended' : isLast && !final ? 'current' : 'done';
    const when = step.at ? element('time', { text: dateTime.format(new Date(step.at)), attrs: { datetime: step.at } }) : element('span', { className: 'when', text: t.notYet });
    return element(
      'li',
      { className: state, attrs: { 'data-status': step.status, ...(state === 'current' ? { 'aria-current': 'step' } : {}) } },
      element('span', { className: 'name', text: statusName(step.status) }),
      when,
    );
  });
  byId('timeline').replaceChildren(...items);
}

function drawPackages(view: TrackingView): void {
  const items = view.packages.map((p) =>
    element(
      'li',
      { attrs: { 'data-code': p.trackingCode } },
      element('span', {}, document.createTextNode(`${t.trackingCode} `), element('code', { text: p.trackingCode })),
      element('span', { text: t.packageStatus[p.status as keyof Strings['packageStatus']] ?? p.status }),
    ),
  );
  byId('packages').replaceChildren(...items);
}

function draw(view: TrackingView): void {
  drawStatus(view);
  drawTimeline(view);
  drawPackages(view);
  drawVehicle(view.vehicle);
  byId('checked').textContent = fill(t.lastChecked, { time: clockSeconds.format(new Date()) });
}

// ---- live updates

let stopped = false;
let inFlight = false;
let timer: ReturnType<typeof setTimeout> | undefined;
const dataUrl = `${location.pathname.replace(/\/+$/, '')}/data`;

/** The link no longer works: the page says what its 404 page says, and stops. */
function invalid(): void {
  stopped = true;
  map.remove();
  document.title = t.invalidTitle;
  document.querySelector('header')?.remove();
  const main = byId('main');
  main.className = 'invalid';
  main.replaceChildren(element('div', { attrs: { role: 'alert' } }, element('h1', { text: t.invalid }), element('p', { text: t.invalidHint })));
}

async function poll(): Promise<void> {
  inFlight = true;
  timer = undefined;
  try {
    const res = await fetch(dataUrl, { headers: { accept: 'application/json' }, cache: 'no-store', credentials: 'omit' });
    if (res.status === 404) return invalid();
    if (!res.ok) throw new Error(`status ${res.status}`);
    const body = (await res.json()) as { data: TrackingView };
    byId('notice').textContent = '';
    draw(body.data);
  } catch {
    byId('notice').textContent = t.connectionLost;
  } finally {
    inFlight = false;
    if (!stopped && !document.hidden) timer = setTimeout(() => void poll(), page.pollMs);
  }
}

// a hidden page does not ask; it asks at once when shown again
document.addEventListener('visibilitychange', () => {
  if (document.hidden) {
    clearTimeout(timer);
    timer = undefined;
  } else if (!stopped && !inFlight && timer === undefined) void poll();
});

draw(page.view);
timer = setTimeout(() => void poll(), page.pollMs);
