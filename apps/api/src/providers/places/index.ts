import type { Config } from '../../config.js';
import { googlePlacesProvider } from './google.js';
import { localPlacesProvider } from './local.js';
import type { PlacesProvider } from './types.js';

export type { Place, PlaceAddressParts, PlacesProvider } from './types.js';
export { addressParts } from './address.js';

/** Google Places when GOOGLE_MAPS_API_KEY is set, otherwise the built-in demo businesses. */
export function createPlacesProvider(config: Config): PlacesProvider {
  const google = config.places.google;
  if (google) return googlePlacesProvider({ apiKey: google.apiKey, baseUrl: google.baseUrl });
  return localPlacesProvider();
}
