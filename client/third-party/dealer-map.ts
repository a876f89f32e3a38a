/**
 * The partners on a Yandex Maps JS API v3 map (client/pages/map.tsx): one pin per partner, pins near each other
 * clustered (the @yandex/ymaps3-clusterer package; without it, plain pins), the view fitted to the partners shown.
 * Pins and clusters are <button>s, so they are reachable by keyboard and named for screen readers. Everything
 * about the API lives here: the page only calls createDealerMap and the handle it returns.
 */
import type { Dealer } from '../../shared/dealers.ts';

type LngLat = [number, number];
type Bounds = [LngLat, LngLat];
type Location = { center: LngLat; zoom: number; duration?: number } | { bounds: Bounds; duration?: number };

/** The part of ymaps3 this module uses. */
interface YMapInstance {
  addChild(child: unknown): YMapInstance;
  removeChild(child: unknown): YMapInstance;
  update(props: { location: Location }): void;
  destroy(): void;
}
interface Ymaps3 {
  YMap: new (element: HTMLElement, props: { location: Location; margin?: [number, number, number, number] }) => YMapInstance;
  YMapDefaultSchemeLayer: new (props: object) => unknown;
  YMapDefaultFeaturesLayer: new (props: object) => unknown;
  YMapMarker: new (props: { coordinates: LngLat; source?: string }, element: HTMLElement) => unknown;
  YMapFeatureDataSource?: new (props: { id: string }) => unknown;
  YMapLayer?: new (props: { source: string; type: string; zIndex?: number }) => unknown;
  import?: (pkg: string) => Promise<unknown>;
}
interface Feature {
  type: 'Feature';
  id: string;
  geometry: { type: 'Point'; coordinates: LngLat };
  properties: { dealer: Dealer };
}
interface ClustererModule {
  YMapClusterer: new (props: {
    method: unknown;
    features: Feature[];
    marker: (feature: Feature) => unknown;
    cluster: (coordinates: LngLat, features: Feature[]) => unknown;
  }) => unknown;
  clusterByGrid: (options: { gridSize: number }) => unknown;
}

export interface DealerMapOptions {
  /** A pin was chosen. */
  onSelect(dealer: Dealer): void;
  /** The accessible name of a pin. */
  pinLabel(dealer: Dealer): string;
  /** The accessible name of a cluster of `count` partners. */
  clusterLabel(count: number): string;
}

export interface DealerMapHandle {
  /** Shows these partners (the list's filter changed) and fits the view to them. */
  show(dealers: readonly Dealer[]): void;
  /** Centres on one partner. */
  focus(dealer: Dealer): void;
  destroy(): void;
}

const SOURCE = 'dealers';
/** Where the map looks when there is nothing to show (Moscow, country scale). */
const FALLBACK: Location = { center: [37.6173, 55.7558], zoom: 4 };
const SINGLE_ZOOM = 13;

const lngLat = (d: Pick<Dealer, 'longitude' | 'latitude'>): LngLat => [d.longitude, d.latitude];

/** The view that shows every point: bounds (top-left, bottom-right), or a centre for a single place. */
export function viewOf(points: readonly LngLat[]): Location {
  if (points.length === 0) return FALLBACK;
  const lngs = points.map((p) => p[0]);
  const lats = points.map((p) => p[1]);
  const [west, east, south, north] = [Math.min(...lngs), Math.max(...lngs), Math.min(...lats), Math.max(...lats)];
  if (east - west < 1e-3 && north - south < 1e-3) return { center: [west, south], zoom: SINGLE_ZOOM };
  return {
    bounds: [
      [west, north],
      [east, south],
    ],
  };
}

function pinElement(dealer: Dealer, options: DealerMapOptions): HTMLElement {
  const pin = document.createElement('button');
  pin.type = 'button';
  pin.className = `dealer-pin dealer-pin--${dealer.kind}`;
  pin.setAttribute('aria-label', options.pinLabel(dealer));
  pin.dataset.dealer = dealer.slug;
  pin.addEventListener('click', () => options.onSelect(dealer));
  return pin;
}

/** Builds the map in `element` with the API from loadMapsApi(); throws when the API is not what v3 provides. */
export async function createDealerMap(
  api: unknown,
  element: HTMLElement,
  dealers: readonly Dealer[],
  options: DealerMapOptions,
): Promise<DealerMapHandle> {
  const ymaps = api as Ymaps3;
  if (typeof ymaps?.YMap !== 'function' || typeof ymaps.YMapMarker !== 'function') throw new Error('the maps API is not v3');
  const map = new ymaps.YMap(element, { location: viewOf(dealers.map(lngLat)), margin: [48, 48, 48, 48] });
  map.addChild(new ymaps.YMapDefaultSchemeLayer({}));
  map.addChild(new ymaps.YMapDefaultFeaturesLayer({}));

  // The clusterer is a package of its own: a map without it still shows every pin.
  let clusterer: ClustererModule | null = null;
  if (ymaps.import && ymaps.YMapFeatureDataSource && ymaps.YMapLayer) {
    try {
      clusterer = (await ymaps.import('@yandex/ymaps3-clusterer')) as ClustererModule;
      map.addChild(new ymaps.YMapFeatureDataSource({ id: SOURCE }));
      map.addChild(new ymaps.YMapLayer({ source: SOURCE, type: 'markers', zIndex: 1800 }));
    } catch {
      clusterer = null;
    }
  }

  let children: unknown[] = [];
  const show = (list: readonly Dealer[]) => {
    for (const child of children) map.removeChild(child);
    children = [];
    if (clusterer) {
      const features: Feature[] = list.map((dealer) => ({
        type: 'Feature',
        id: String(dealer.id),
        geometry: { type: 'Point', coordinates: lngLat(dealer) },
        properties: { dealer },
      }));
      const marker = (feature: Feature) =>
        new ymaps.YMapMarker({ coordinates: feature.geometry.coordinates, source: SOURCE }, pinElement(feature.properties.dealer, options));
      const cluster = (coordinates: LngLat, members: Feature[]) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'dealer-cluster';
        button.textContent = String(members.length);
        button.setAttribute('aria-label', options.clusterLabel(members.length));
        button.addEventListener('click', () =>
          map.update({ location: { ...viewOf(members.map((m) => m.geometry.coordinates)), duration: 300 } }),
        );
        return new ymaps.YMapMarker({ coordinates, source: SOURCE }, button);
      };
      children.push(new clusterer.YMapClusterer({ method: clusterer.clusterByGrid({ gridSize: 64 }), features, marker, cluster }));
    } else {
      for (const dealer of list) children.push(new ymaps.YMapMarker({ coordinates: lngLat(dealer) }, pinElement(dealer, options)));
    }
    for (const child of children) map.addChild(child);
    map.update({ location: { ...viewOf(list.map(lngLat)), duration: 300 } });
  };
  show(dealers);

  return {
    show,
    focus: (dealer) => map.update({ location: { center: lngLat(dealer), zoom: SINGLE_ZOOM + 2, duration: 300 } }),
    destroy: () => map.destroy(),
  };
}
