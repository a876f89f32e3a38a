/** The public face of server/geo/: what the rest of the server imports from it. */
export { type City, CityService } from './cities.ts';
export { DealerService } from './dealers.ts';
export { LocationService } from './location.ts';
