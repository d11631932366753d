import { ProviderError } from '../social-errors.js';
import { addressParts } from './address.js';
import type { Place, PlaceAddressParts, PlacesProvider } from './types.js';

const FIELDS = ['id', 'displayName', 'formattedAddress', 'location', 'rating', 'userRatingCount', 'websiteUri', 'nationalPhoneNumber'];

interface ApiPlace {
  id?: string;
  displayName?: { text?: string };
  formattedAddress?: string;
  location?: { latitude?: number; longitude?: number };
  rating?: number;
  userRatingCount?: number;
  websiteUri?: string;
  nationalPhoneNumber?: string;
  addressComponents?: { longText?: string; shortText?: string; types?: string[] }[];
}

/** Street, city, state, country and zip from Places' address components, or parsed from the formatted address. */
function partsOf(p: ApiPlace): PlaceAddressParts {
  const list = p.addressComponents;
  if (!list?.length) return addressParts(p.formattedAddress ?? '');
  const of = (type: string, short = false) => {
    const c = list.find((x) => x.types?.includes(type));
    return (short ? (c?.shortText ?? c?.longText) : (c?.longText ?? c?.shortText)) ?? '';
  };
  return {
    street: [of('street_number'), of('route')].filter(Boolean).join(' '),
    city: of('locality') || of('postal_town') || of('sublocality'),
    state: of('administrative_area_level_1', true),
    country: of('country', true),
    zipcode: of('postal_code'),
  };
}

const toPlace = (p: ApiPlace): Place | null =>
  p.id
    ? {
        placeId: p.id,
        name: p.displayName?.text ?? '',
        address: p.formattedAddress ?? '',
        lat: p.location?.latitude ?? null,
        lng: p.location?.longitude ?? null,
        rating: p.rating ?? null,
        reviewCount: p.userRatingCount ?? null,
        website: p.websiteUri ?? null,
        phone: p.nationalPhoneNumber ?? null,
      }
    : null;

/** Google Places API (New): Text Search for establishments and Place Details by id. */
export function googlePlacesProvider(options: { apiKey: string; baseUrl?: string; timeoutMs?: number }): PlacesProvider {
  const base = (options.baseUrl ?? 'https://places.googleapis.com/v1').replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function call(path: string, fieldMask: string, init: { method: 'GET' | 'POST'; body?: unknown }) {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method: init.method,
        headers: {
          'X-Goog-Api-Key': options.apiKey,
          'X-Goog-FieldMask': fieldMask,
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
        body: init.body ? JSON.stringify(init.body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ProviderError('unavailable', `Places request failed: ${(error as Error).message}`);
    }
    return res;
  }

  return {
    kind: 'google',
    async search(query, opts) {
      const text = query.trim();
      if (!text) return [];
      const res = await call('/places:searchText', FIELDS.map((f) => `places.${f}`).join(','), {
        method: 'POST',
        body: { textQuery: text, pageSize: opts?.limit ?? 10, languageCode: 'en' },
      });
      if (!res.ok) throw new ProviderError('unavailable', `Places search answered ${res.status}`);
      const body = (await res.json().catch(() => ({}))) as { places?: ApiPlace[] };
      return (body.places ?? []).map(toPlace).filter((p): p is Place => p !== null);
    },
    async details(placeId) {
      const res = await call(`/places/${encodeURIComponent(placeId)}`, [...FIELDS, 'addressComponents'].join(','), { method: 'GET' });
      // Places answers 400 INVALID_ARGUMENT for an id of the wrong shape and 404 for one that does not exist.
      if (res.status === 404 || res.status === 400) return null;
      if (!res.ok) throw new ProviderError('unavailable', `Place details answered ${res.status}`);
      const body = (await res.json().catch(() => ({}))) as ApiPlace;
      const place = toPlace(body);
      return place ? { ...place, components: partsOf(body) } : null;
    },
  };
}
