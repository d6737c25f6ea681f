/**
 * Every string the order tracking page shows (rest-bridge/tracking-page.ts renders the page, rest-bridge/tracking/client.ts
 * fills it in the browser), in the languages it speaks: one table, one entry per language, the same keys in each. The
 * page's language is the best of these for the request's `Accept-Language`, English when none fits. `{name}` marks a
 * value put in at display time.
 */
export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];

const en = {
  title: 'Delivery tracking',
  heading: 'Your delivery',
  skip: 'Skip to the delivery status',
  order: 'Order {reference}',
  statusHeading: 'Status',
  mapHeading: 'Map',
  mapLabel: 'Map of the delivery: its stops and, while it is on the way, the vehicle',
  timelineHeading: 'Progress',
  packagesHeading: 'Packages',
  trackingCode: 'Tracking code',
  notYet: 'Not yet',
  pickup: 'Pickup',
  dropoff: 'Delivery',
  stop: '{type} (stop {no}): {address}',
  vehicle: 'Delivery vehicle',
  vehicleAt: 'Delivery vehicle, position of {time}',
  eta: 'Expected at {time} (in about {minutes} min)',
  etaSoon: 'Expected at {time} (any minute now)',
  distance: '{km} km away',
  waitingForVehicle: 'Waiting for the vehicle’s first position…',
  lastChecked: 'Last checked at {time}. This page updates itself every few seconds.',
  connectionLost: 'The connection was lost; trying again…',
  noscript: 'This page needs JavaScript to show your delivery live.',
  invalidTitle: 'Tracking link not valid',
  invalid: 'This tracking link is not valid.',
  invalidHint: 'Ask whoever sent it to you for a new link.',
  unavailable: 'Tracking is unavailable for a moment. Please try again shortly.',
  tooMany: 'Too many requests from your network. Please try again in a minute.',
  landAttribution: 'Land and coastlines: Natural Earth',
  tilesAttribution: 'Map tiles: {host}',
  status: {
    INTENT: 'Being prepared',
    PLACED: 'Order placed',
    ASSIGNED: 'Courier assigned',
    PICKED_UP: 'Picked up',
    IN_TRANSIT: 'On the way',
    DELIVERED: 'Delivered',
    CANCELLED: 'Cancelled',
    FAILED: 'Delivery failed',
  },
  stage: {
    ORDERING: 'The order is being prepared.',
    AWAITING_AGENT: 'The carrier is choosing a courier for your delivery.',
    AWAITING_PICKUP: 'A courier is on the way to collect your parcel.',
    COLLECTED: 'Your parcel has been collected.',
    ON_THE_WAY: 'Your parcel is on its way to you.',
    COMPLETED: 'Your parcel has been delivered.',
    CLOSED: 'This delivery has ended.',
  },
  packageStatus: {
    PENDING: 'Waiting for pickup',
    PICKED_UP: 'Picked up',
    IN_TRANSIT: 'On the way',
    DELIVERED: 'Delivered',
    CANCELLED: 'Cancelled',
    FAILED: 'Not delivered',
  },
};

export type Strings = typeof en;

const fr: Strings = {
  title: 'Suivi de livraison',
  heading: 'Votre livraison',
  skip: 'Aller à l’état de la livraison',
  order: 'Commande {reference}',
  statusHeading: 'État',
  mapHeading: 'Carte',
  mapLabel: 'Carte de la livraison : ses arrêts et, pendant le trajet, le véhicule',
  timelineHeading: 'Étapes',
  packagesHeading: 'Colis',
  trackingCode: 'Numéro de suivi',
  notYet: 'Pas encore',
  pickup: 'Enlèvement',
  dropoff: 'Livraison',
  stop: '{type} (arrêt {no}) : {address}',
  vehicle: 'Véhicule de livraison',
  vehicleAt: 'Véhicule de livraison, position de {time}',
  eta: 'Arrivée prévue à {time} (dans {minutes} min environ)',
  etaSoon: 'Arrivée prévue à {time} (d’un instant à l’autre)',
  distance: 'à {km} km',
  waitingForVehicle: 'En attente de la première position du véhicule…',
  lastChecked: 'Dernière vérification à {time}. Cette page se met à jour toute seule toutes les quelques secondes.',
  connectionLost: 'La connexion a été perdue ; nouvelle tentative…',
  noscript: 'Cette page a besoin de JavaScript pour suivre votre livraison en direct.',
  invalidTitle: 'Lien de suivi non valide',
  invalid: 'Ce lien de suivi n’est pas valide.',
  invalidHint: 'Demandez un nouveau lien à la personne qui vous l’a envoyé.',
  unavailable: 'Le suivi est momentanément indisponible. Veuillez réessayer dans un instant.',
  tooMany: 'Trop de requêtes depuis votre réseau. Veuillez réessayer dans une minute.',
  landAttribution: 'Terres et côtes : Natural Earth',
  tilesAttribution: 'Fond de carte : {host}',
  status: {
    INTENT: 'En préparation',
    PLACED: 'Commande passée',
    ASSIGNED: 'Livreur désigné',
    PICKED_UP: 'Colis enlevé',
    IN_TRANSIT: 'En route',
    DELIVERED: 'Livrée',
    CANCELLED: 'Annulée',
    FAILED: 'Livraison échouée',
  },
  stage: {
    ORDERING: 'La commande est en préparation.',
    AWAITING_AGENT: 'Le transporteur choisit un livreur pour votre livraison.',
    AWAITING_PICKUP: 'Un livreur est en route pour enlever votre colis.',
    COLLECTED: 'Votre colis a été enlevé.',
    ON_THE_WAY: 'Votre colis est en route vers vous.',
    COMPLETED: 'Votre colis a été livré.',
    CLOSED: 'Cette livraison est terminée.',
  },
  packageStatus: {
    PENDING: 'En attente d’enlèvement',
    PICKED_UP: 'Enlevé',
    IN_TRANSIT: 'En route',
    DELIVERED: 'Livré',
    CANCELLED: 'Annulé',
    FAILED: 'Non livré',
  },
};

export const STRINGS: Record<Locale, Strings> = { en, fr };

/** `{name}` in `text` replaced by `values[name]`. */
export const fill = (text: string, values: Record<string, string | number>): string => text.replace(/\{(\w+)\}/g, (m, name: string) => (name in values ? String(values[name]) : m));
