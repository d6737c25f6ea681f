/**
 * The tracking page's own style sheet (served as /track/assets/tracking.css beside Leaflet's). Narrow screens stack the
 * map above the timeline; from 52rem they sit side by side. Focus is always visible; colours keep WCAG AA contrast.
 */
export const TRACKING_CSS = `*, *::before, *::after { box-sizing: border-box; }
html { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #1d2330; background: #f5f6f8; line-height: 1.45; }
body { margin: 0; }
a { color: #0b57b0; }
:focus-visible { outline: 3px solid #0b57b0; outline-offset: 2px; }
.skip { position: absolute; left: 0.5rem; top: -4rem; z-index: 2000; padding: 0.5rem 0.9rem; background: #fff; border: 2px solid #0b57b0; border-radius: 4px; }
.skip:focus { top: 0.5rem; }
header { padding: 0.9rem 1rem 0.6rem; background: #173a63; color: #fff; }
header h1 { margin: 0; font-size: 1.3rem; }
header p { margin: 0.15rem 0 0; font-size: 0.95rem; color: #dbe6f3; }
main { padding: 0.75rem; max-width: 80rem; margin: 0 auto; }
main:focus { outline: none; }
h2 { font-size: 1.05rem; margin: 0 0 0.5rem; }
.card { background: #fff; border: 1px solid #dde1e7; border-radius: 8px; padding: 0.85rem 1rem; margin-bottom: 0.75rem; }
.status-line { font-size: 1.35rem; font-weight: 650; margin: 0; }
.status-line[data-status='DELIVERED'] { color: #166534; }
.status-line[data-status='CANCELLED'], .status-line[data-status='FAILED'] { color: #9f1d1d; }
.stage { margin: 0.2rem 0 0; }
.eta { margin: 0.4rem 0 0; font-weight: 600; }
.eta:empty { display: none; }
.layout { display: grid; grid-template-columns: 1fr; gap: 0.75rem; }
.map-card { padding: 0; overflow: hidden; }
.map-card h2 { padding: 0.85rem 1rem 0; }
#map { height: 52vh; min-height: 16rem; width: 100%; border-top: 1px solid #dde1e7; }
#map.offline { background: #a9cbe0; }
.timeline { list-style: none; margin: 0; padding: 0; }
.timeline li { position: relative; padding: 0 0 0.85rem 1.6rem; }
.timeline li::before { content: ''; position: absolute; left: 0.3rem; top: 0.3rem; width: 0.7rem; height: 0.7rem; border-radius: 50%; background: #fff; border: 2px solid #8a93a3; }
.timeline li::after { content: ''; position: absolute; left: 0.6rem; top: 1.15rem; bottom: 0.05rem; width: 2px; background: #d3d8e0; }
.timeline li:last-child::after { display: none; }
.timeline li.done::before { background: #1f7a3f; border-color: #1f7a3f; }
.timeline li.current::before { background: #0b57b0; border-color: #0b57b0; box-shadow: 0 0 0 3px #c9dcf5; }
.timeline li.ended::before { background: #9f1d1d; border-color: #9f1d1d; }
.timeline .name { display: block; font-weight: 600; }
.timeline li.todo .name { font-weight: 400; color: #5a6373; }
.timeline time, .timeline .when { display: block; font-size: 0.9rem; color: #4a5363; }
.packages { list-style: none; margin: 0; padding: 0; }
.packages li { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 0.25rem 1rem; padding: 0.45rem 0; border-top: 1px solid #eceff3; }
.packages li:first-child { border-top: 0; }
.packages code { font-size: 0.95rem; }
.checked { font-size: 0.85rem; color: #4a5363; margin: 0.25rem 0 0.75rem; }
.notice { margin: 0 0 0.75rem; padding: 0.6rem 0.8rem; border-radius: 6px; background: #fff4d6; border: 1px solid #e3c15c; }
.notice:empty { display: none; }
.invalid { max-width: 36rem; margin: 3rem auto; text-align: center; }
.invalid h1 { font-size: 1.4rem; }
.vehicle-marker { width: 30px; height: 30px; border-radius: 50%; background: #0b57b0; border: 3px solid #fff; box-shadow: 0 1px 4px rgba(0, 0, 0, 0.45); }
.vehicle-marker .arrow { display: block; position: relative; width: 100%; height: 100%; }
.vehicle-marker .arrow[hidden] { display: none; }
.leaflet-marker-icon.stop-dropoff { filter: hue-rotate(150deg) saturate(1.4); }
.vehicle-marker .arrow::before { content: ''; position: absolute; left: 50%; top: 2px; margin-left: -5px; border: 5px solid transparent; border-bottom: 9px solid #fff; border-top: 0; }
.leaflet-container .leaflet-marker-icon:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
@media (min-width: 52rem) {
  main { padding: 1rem 1.25rem; }
  .layout { grid-template-columns: minmax(0, 3fr) minmax(16rem, 2fr); align-items: start; }
  #map { height: 70vh; }
}
`;
