import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { googlePlacesProvider } from './google.js';

interface Captured {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A stand-in for the Places API (New) on 127.0.0.1. */
let server: http.Server;
let base: string;
let captured: Captured[] = [];
let failWith = 0;

const send = (res: http.ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

const place = {
  id: 'ChIJreal1',
  displayName: { text: 'Real Plumbing', languageCode: 'en' },
  formattedAddress: '1 Main St, Austin, TX 78701, USA',
  location: { latitude: 30.1, longitude: -97.7 },
  rating: 4.5,
  userRatingCount: 99,
  websiteUri: 'https://real.example.com',
  nationalPhoneNumber: '(512) 555-0000',
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      captured.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      if (failWith) return send(res, failWith, { error: { code: failWith, status: 'UNAVAILABLE' } });
      if (req.url === '/v1/places:searchText') return send(res, 200, { places: [place, { displayName: { text: 'No id' } }] });
      if (req.url === '/v1/places/ChIJreal1') return send(res, 200, place);
      if (req.url === '/v1/places/ChIJparts') {
        return send(res, 200, {
          ...place,
          id: 'ChIJparts',
          formattedAddress: 'Suite 4, 500 Congress Ave, Austin, TX 78701, USA',
          addressComponents: [
            { longText: '500', shortText: '500', types: ['street_number'] },
            { longText: 'Congress Avenue', shortText: 'Congress Ave', types: ['route'] },
            { longText: 'Austin', shortText: 'Austin', types: ['locality', 'political'] },
            { longText: 'Texas', shortText: 'TX', types: ['administrative_area_level_1', 'political'] },
            { longText: 'United States', shortText: 'US', types: ['country', 'political'] },
            { longText: '78701', shortText: '78701', types: ['postal_code'] },
          ],
        });
      }
      if (req.url === '/v1/places/bad') return send(res, 400, { error: { code: 400, status: 'INVALID_ARGUMENT' } });
      return send(res, 404, { error: { code: 404, status: 'NOT_FOUND' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  captured = [];
  failWith = 0;
});

const provider = () => googlePlacesProvider({ apiKey: 'maps-key-1', baseUrl: base });
const expected = {
  placeId: 'ChIJreal1',
  name: 'Real Plumbing',
  address: '1 Main St, Austin, TX 78701, USA',
  lat: 30.1,
  lng: -97.7,
  rating: 4.5,
  reviewCount: 99,
  website: 'https://real.example.com',
  phone: '(512) 555-0000',
};

describe('Google Places provider', () => {
  it('searches by text with the key and a field mask, skipping results without an id', async () => {
    expect(await provider().search(' real plumbing ', { limit: 5 })).toEqual([expected]);
    const req = captured[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1/places:searchText');
    expect(req.headers['x-goog-api-key']).toBe('maps-key-1');
    expect(String(req.headers['x-goog-fieldmask']).split(',')).toEqual(expect.arrayContaining(['places.id', 'places.displayName', 'places.formattedAddress']));
    expect(JSON.parse(req.body)).toEqual({ textQuery: 'real plumbing', pageSize: 5, languageCode: 'en' });
  });

  it('does not call Google for an empty search', async () => {
    expect(await provider().search('  ')).toEqual([]);
    expect(captured).toHaveLength(0);
  });

  it('gets details by id, and null for an unknown or malformed id', async () => {
    expect(await provider().details('ChIJreal1')).toEqual({
      ...expected,
      components: { street: '1 Main St', city: 'Austin', state: 'TX', country: 'USA', zipcode: '78701' },
    });
    expect(captured[0]).toMatchObject({ method: 'GET', path: '/v1/places/ChIJreal1' });
    expect(captured[0]!.headers['x-goog-fieldmask']).toContain('displayName');
    expect(await provider().details('ChIJmissing')).toBeNull();
    expect(await provider().details('bad')).toBeNull();
  });

  it('asks details for the figures and the address in parts, with a field mask', async () => {
    const got = await provider().details('ChIJparts');
    expect(got).toMatchObject({ name: 'Real Plumbing', rating: 4.5, reviewCount: 99 });
    expect(got!.components).toEqual({ street: '500 Congress Avenue', city: 'Austin', state: 'TX', country: 'US', zipcode: '78701' });
    const mask = String(captured[0]!.headers['x-goog-fieldmask']).split(',');
    expect(mask).toEqual(expect.arrayContaining(['rating', 'userRatingCount', 'displayName', 'formattedAddress', 'addressComponents']));
  });

  it('reports a server error or no answer as unavailable', async () => {
    failWith = 503;
    await expect(provider().search('x')).rejects.toMatchObject({ kind: 'unavailable' });
    await expect(provider().details('ChIJreal1')).rejects.toMatchObject({ kind: 'unavailable' });
    const closed = googlePlacesProvider({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9/v1', timeoutMs: 2000 });
    await expect(closed.search('x')).rejects.toMatchObject({ kind: 'unavailable' });
  });
});
