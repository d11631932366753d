/** A business listing on the map: what search and details answer. */
export interface Place {
  placeId: string;
  name: string;
  address: string;
  lat: number | null;
  lng: number | null;
  rating: number | null;
  reviewCount: number | null;
  website: string | null;
  phone: string | null;
  /** The address in parts (details only; search leaves it out). */
  components?: PlaceAddressParts | null;
}

export interface PlaceAddressParts {
  street: string;
  city: string;
  state: string;
  country: string;
  zipcode: string;
}

/** Business search and details by place id, over Google Places or the built-in demo list. */
export interface PlacesProvider {
  readonly kind: 'google' | 'local';
  /** Up to `limit` (default 10) establishments matching the text, best first. */
  search(query: string, options?: { limit?: number }): Promise<Place[]>;
  /** The place, or null when no place has that id. */
  details(placeId: string): Promise<Place | null>;
}
