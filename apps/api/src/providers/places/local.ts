import { addressParts } from './address.js';
import type { Place, PlacesProvider } from './types.js';

const p = (
  placeId: string,
  name: string,
  address: string,
  lat: number,
  lng: number,
  rating: number,
  reviewCount: number,
  phone: string,
  website: string | null = null,
): Place => ({ placeId, name, address, lat, lng, rating, reviewCount, phone, website });

/** Home-service businesses in Austin and Dallas, so that search and details work offline. */
export const DEMO_PLACES: readonly Place[] = [
  p('ChIJdemoAustinPlumbing0001', 'Demo Plumbing Austin', '1200 S Lamar Blvd, Austin, TX 78704, USA', 30.2531, -97.7644, 4.8, 312, '(512) 555-0100', 'https://demoplumbing.example.com/austin'),
  p('ChIJdemoDallasPlumbing0002', 'Demo Plumbing Dallas', '2400 Ross Ave, Dallas, TX 75201, USA', 32.7904, -96.7983, 4.6, 87, '(214) 555-0100', 'https://demoplumbing.example.com/dallas'),
  p('ChIJdemoLoneStarHvac000003', 'Lone Star Heating & Air', '5501 N Lamar Blvd, Austin, TX 78751, USA', 30.3226, -97.7277, 4.7, 521, '(512) 555-0133'),
  p('ChIJdemoCapitalRoofing0004', 'Capital City Roofing', '9100 Research Blvd, Austin, TX 78758, USA', 30.3759, -97.7262, 4.5, 198, '(512) 555-0147'),
  p('ChIJdemoBartonElectric0005', 'Barton Creek Electric', '3800 N Lamar Blvd, Austin, TX 78756, USA', 30.3063, -97.7398, 4.9, 144, '(512) 555-0161'),
  p('ChIJdemoHillCountryPest006', 'Hill Country Pest Control', '11200 Menchaca Rd, Austin, TX 78748, USA', 30.1682, -97.8302, 4.4, 263, '(512) 555-0175'),
  p('ChIJdemoAustinGarageDoor07', 'Austin Garage Door Pros', '7301 Burnet Rd, Austin, TX 78757, USA', 30.3487, -97.7373, 4.6, 389, '(512) 555-0189'),
  p('ChIJdemoRiversidePlumb0008', 'Riverside Plumbing & Drain', '1905 E Riverside Dr, Austin, TX 78741, USA', 30.2378, -97.7268, 4.2, 76, '(512) 555-0192'),
  p('ChIJdemoEastsideLandscap09', 'Eastside Landscaping Co.', '2300 E Cesar Chavez St, Austin, TX 78702, USA', 30.2573, -97.7197, 4.8, 58, '(512) 555-0114'),
  p('ChIJdemoMopacCleaning00010', 'MoPac Home Cleaning', '4200 S MoPac Expy, Austin, TX 78735, USA', 30.2367, -97.8064, 4.3, 412, '(512) 555-0128'),
  p('ChIJdemoAustinSolar0000011', 'Austin Solar & Power', '6800 Burleson Rd, Austin, TX 78744, USA', 30.1981, -97.7013, 4.7, 231, '(512) 555-0156'),
  p('ChIJdemoDeepEllumHvac00012', 'Deep Ellum Heating & Cooling', '2800 Elm St, Dallas, TX 75226, USA', 32.7840, -96.7844, 4.5, 305, '(214) 555-0117'),
  p('ChIJdemoUptownElectric0013', 'Uptown Electric Dallas', '3300 McKinney Ave, Dallas, TX 75204, USA', 32.8050, -96.7979, 4.6, 167, '(214) 555-0131'),
  p('ChIJdemoTrinityRoofing0014', 'Trinity Roofing & Gutters', '1500 Fort Worth Ave, Dallas, TX 75208, USA', 32.7690, -96.8437, 4.1, 92, '(214) 555-0145'),
  p('ChIJdemoOakCliffPlumb00015', 'Oak Cliff Plumbing Co.', '400 N Bishop Ave, Dallas, TX 75208, USA', 32.7493, -96.8261, 4.7, 248, '(214) 555-0159'),
  p('ChIJdemoBigDGarageDoor0016', 'Big D Garage Doors', '9100 N Central Expy, Dallas, TX 75231, USA', 32.8689, -96.7706, 4.4, 133, '(214) 555-0163'),
  p('ChIJdemoLakewoodPest000017', 'Lakewood Pest Solutions', '6300 La Vista Dr, Dallas, TX 75214, USA', 32.8123, -96.7537, 4.8, 71, '(214) 555-0177'),
  p('ChIJdemoDallasPoolCare0018', 'Dallas Pool Care', '5500 Greenville Ave, Dallas, TX 75206, USA', 32.8495, -96.7697, 4.3, 119, '(214) 555-0181'),
  p('ChIJdemoMetroplexApplia019', 'Metroplex Appliance Repair', '13300 Preston Rd, Dallas, TX 75240, USA', 32.9293, -96.8036, 4.0, 402, '(214) 555-0195'),
  p('ChIJdemoWhiteRockWindow020', 'White Rock Windows & Doors', '9400 Garland Rd, Dallas, TX 75218, USA', 32.8428, -96.7014, 4.9, 64, '(214) 555-0108'),
];

const normalize = (s: string) => s.toLowerCase().normalize('NFKD').replace(/[^a-z0-9 ]+/g, ' ');
const words = (s: string) => normalize(s).split(/\s+/).filter(Boolean);

/** Places whose name or address holds every word of the query; names that match come first. */
export function searchDemoPlaces(places: readonly Place[], query: string, limit: number): Place[] {
  const terms = words(query);
  if (terms.length === 0) return [];
  const scored = places
    .map((place) => {
      const name = normalize(place.name);
      const all = `${name} ${normalize(place.address)}`;
      if (!terms.every((t) => all.includes(t))) return null;
      const inName = terms.filter((t) => name.includes(t)).length;
      return { place, score: inName * 10 + (name.startsWith(terms[0]!) ? 5 : 0) };
    })
    .filter((x): x is { place: Place; score: number } => x !== null)
    .sort((a, b) => b.score - a.score || a.place.name.localeCompare(b.place.name));
  return scored.slice(0, limit).map((s) => s.place);
}

export function localPlacesProvider(places: readonly Place[] = DEMO_PLACES): PlacesProvider {
  return {
    kind: 'local',
    async search(query, options) {
      return searchDemoPlaces(places, query, options?.limit ?? 10);
    },
    async details(placeId) {
      const place = places.find((p) => p.placeId === placeId);
      return place ? { ...place, components: addressParts(place.address) } : null;
    },
  };
}
