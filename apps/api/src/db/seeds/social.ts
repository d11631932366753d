import type { Prisma } from '../../generated/prisma/client.js';
import { facebookPageUrl, facebookReviewUrl, googleMapsUrl, googleReviewUrl } from '../../modules/social/links.js';
import type { AreaSeeder } from './types.js';

const GBP_ACCOUNT = 'accounts/1180000000000000001';
const AUSTIN_PLACE = 'ChIJdemoAustinPlumbing0001';
const DALLAS_PLACE = 'ChIJdemoDallasPlumbing0002';
const gbpLocations = [
  {
    id: 'locations/5120000000000000101',
    name: 'Demo Plumbing Austin',
    placeId: AUSTIN_PLACE,
    address: { addressLines: ['1200 S Lamar Blvd'], locality: 'Austin', administrativeArea: 'TX' },
  },
  {
    id: 'locations/5120000000000000102',
    name: 'Demo Plumbing Dallas',
    placeId: DALLAS_PLACE,
    address: { addressLines: ['2400 Ross Ave'], locality: 'Dallas', administrativeArea: 'TX' },
  },
];
const austinPage = { id: '104000000000001', name: 'Demo Plumbing Austin' };
const dallasPage = { id: '104000000000002', name: 'Demo Plumbing Dallas' };

type Row = Omit<Prisma.SocialAccountCreateManyInput, 'locationId' | 'sortOrder'>;
const site = (type: string, homepage = '', reviewPage = homepage): Row => ({ type, uniqueType: type, homepage, reviewPage });
const custom = (title: string, homepage: string, reviewPage = homepage): Row => ({ type: 'custom', title, homepage, reviewPage });

/**
 * Austin: its Google place, a connected Business Profile and Facebook page, links on several sites and a custom
 * Yelp link, in an order of its own. Dallas: an expired Google connection and two links.
 * The demo connections hold no tokens: they stand for sign-ins made elsewhere.
 */
export const seedSocial: AreaSeeder = async (tx, { austinId, dallasId, now }) => {
  await tx.googlePlace.createMany({
    data: [
      { locationId: austinId, placeId: AUSTIN_PLACE, name: 'Demo Plumbing Austin', address: '1200 S Lamar Blvd, Austin, TX 78704, USA', lat: 30.2531, lng: -97.7644, rating: 4.8, reviewCount: 312 },
      { locationId: dallasId, placeId: DALLAS_PLACE, name: 'Demo Plumbing Dallas', address: '2400 Ross Ave, Dallas, TX 75201, USA', lat: 32.7904, lng: -96.7983, rating: 4.6, reviewCount: 87 },
    ],
  });
  // Both locations signed in to the same Business Profile account, each choosing its own listing.
  const gbpConnection = (locationId: number, status: 'connected' | 'expired', listing: 0 | 1, placeId: string, daysAgo: number) => ({
    locationId,
    accountId: GBP_ACCOUNT,
    accountName: 'Demo Plumbing',
    status,
    locations: gbpLocations,
    selectedId: gbpLocations[listing]!.id,
    selectedName: gbpLocations[listing]!.name,
    selectedPlaceId: placeId,
    selectedAddress: gbpLocations[listing]!.address,
    connectedAt: new Date(now.getTime() - daysAgo * 86_400_000),
  });
  await tx.googleConnection.create({ data: gbpConnection(austinId, 'connected', 0, AUSTIN_PLACE, 90) });
  await tx.googleConnection.create({ data: gbpConnection(dallasId, 'expired', 1, DALLAS_PLACE, 200) });
  await tx.facebookConnection.create({
    data: {
      locationId: austinId,
      status: 'connected',
      userName: 'Dana Demo',
      pages: [austinPage, dallasPage],
      pageSelectedId: austinPage.id,
      pageSelectedName: austinPage.name,
      connectedAt: new Date(now.getTime() - 60 * 86_400_000),
    },
  });
  await tx.socialConnection.updateMany({ where: { locationId: { in: [austinId, dallasId] }, provider: 'google' }, data: { externalId: GBP_ACCOUNT } });
  await tx.socialConnection.updateMany({ where: { locationId: austinId, provider: 'facebook' }, data: { externalId: austinPage.id, name: austinPage.name } });

  const austin: Row[] = [
    site('google', googleMapsUrl(AUSTIN_PLACE), googleReviewUrl(AUSTIN_PLACE)),
    site('facebook', facebookPageUrl(austinPage.id), facebookReviewUrl(austinPage.id)),
    custom('Yelp', 'https://www.yelp.com/biz/demo-plumbing-austin', 'https://www.yelp.com/writeareview/biz/demo-plumbing-austin'),
    site('bbb', 'https://www.bbb.org/us/tx/austin/profile/plumber/demo-plumbing-0825-1000001'),
    site('houzz', 'https://www.houzz.com/professionals/plumbing/demo-plumbing-austin-pfvwus-pf~1000002'),
    site('homestar', 'https://homestars.com/companies/2900001-demo-plumbing'),
    site('homeadvisor'),
    site('nextdoor'),
    site('yp'),
    site('angieslist'),
    site('porch'),
  ];
  await tx.socialAccount.createMany({ data: austin.map((r, i) => ({ ...r, locationId: austinId, sortOrder: i })) });
  const dallas: Row[] = [
    site('google', googleMapsUrl(DALLAS_PLACE), googleReviewUrl(DALLAS_PLACE)),
    site('bbb', 'https://www.bbb.org/us/tx/dallas/profile/plumber/demo-plumbing-dallas-0875-1000003'),
  ];
  await tx.socialAccount.createMany({ data: dallas.map((r) => ({ ...r, locationId: dallasId, sortOrder: r.type === 'google' ? 1 : 3 })) });
};
