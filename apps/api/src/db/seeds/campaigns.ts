import type { AreaSeeder } from './types.js';
import { PLANS } from '../../modules/campaigns/plans.js';
import { newCampaignUid } from '../../modules/campaigns/service.js';

interface DemoCampaign {
  name: string;
  department: string;
  description: string;
  license: string;
  employeeId: string;
  image: string;
  email?: string;
  ytUrl?: string;
  isDefault?: boolean;
}

const img = (slug: string) => `/demo/campaigns/${slug}.svg`;

const AUSTIN: DemoCampaign[] = [
  {
    name: 'Mike Torres',
    department: 'Plumbing',
    description:
      'Master plumber with 15 years in Austin homes. Mike handles water heaters, repiping and the tricky leaks nobody else can find.',
    license: 'M-40215',
    employeeId: 'EMP-1001',
    image: img('mike-torres'),
    email: 'mike.torres@demoplumbing.test',
    ytUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    isDefault: true,
  },
  {
    name: 'Sarah Nguyen',
    department: 'Plumbing',
    description: 'Journeyman plumber focused on fixtures and remodels. Sarah always leaves the work area cleaner than she found it.',
    license: 'J-51877',
    employeeId: 'EMP-1002',
    image: img('sarah-nguyen'),
    email: 'sarah.nguyen@demoplumbing.test',
  },
  {
    name: 'James Carter',
    department: 'Plumbing',
    description: 'Gas line and water heater specialist, certified for tankless installations.',
    license: 'J-49302',
    employeeId: 'EMP-1003',
    image: img('james-carter'),
  },
  {
    name: 'Priya Patel',
    department: 'Plumbing',
    description: 'Service plumber for emergency calls. Priya explains every option before any work begins.',
    license: 'J-55140',
    employeeId: 'EMP-1004',
    image: img('priya-patel'),
  },
  {
    name: 'Luis Ramirez',
    department: 'Plumbing',
    description: 'Slab leak detection and repair, with 10 years of experience in the Hill Country.',
    license: 'J-47781',
    employeeId: 'EMP-1005',
    image: img('luis-ramirez'),
  },
  {
    name: "Kevin O'Brien",
    department: 'Drains',
    description: 'Drain cleaning and camera inspection. Kevin shows you the video of your line before recommending anything.',
    license: 'T-30118',
    employeeId: 'EMP-2001',
    image: img('kevin-obrien'),
  },
  {
    name: 'Tasha Williams',
    department: 'Drains',
    description: 'Hydro-jetting and sewer line repair, trenchless whenever possible.',
    license: 'T-30542',
    employeeId: 'EMP-2002',
    image: img('tasha-williams'),
  },
  {
    name: 'Marcus Lee',
    department: 'Drains',
    description: 'Kitchen and main line clogs, grease traps and preventive maintenance plans.',
    license: 'T-31006',
    employeeId: 'EMP-2003',
    image: img('marcus-lee'),
  },
];

const DALLAS: DemoCampaign[] = [
  {
    name: 'Ben Foster',
    department: 'Plumbing',
    description: 'Lead plumber of the Dallas team: repairs, installs and inspections.',
    license: 'M-41877',
    employeeId: 'DAL-01',
    image: img('ben-foster'),
    isDefault: true,
  },
  {
    name: 'Ana Ruiz',
    department: 'Drains',
    description: 'Drain and sewer technician with a camera truck.',
    license: 'T-32210',
    employeeId: 'DAL-02',
    image: img('ana-ruiz'),
  },
];

/** Plans for every location, campaigns for Austin (two departments) and Dallas, and Austin's own templates. */
export const seedCampaigns: AreaSeeder = async (tx, ids) => {
  for (const plan of PLANS) {
    await tx.plan.upsert({ where: { code: plan.code }, create: plan, update: plan });
  }
  await tx.location.update({ where: { id: ids.austinId }, data: { planCode: 'pro' } });
  await tx.location.update({ where: { id: ids.dallasId }, data: { planCode: 'trial' } });
  await tx.location.update({ where: { id: ids.liteLocationId }, data: { planCode: 'trial' } });

  const day = 24 * 60 * 60 * 1000;
  const create = async (locationId: number, list: DemoCampaign[]) => {
    const rows = [];
    for (const [i, c] of list.entries()) {
      rows.push(
        await tx.campaign.create({
          data: {
            locationId,
            uid: newCampaignUid(),
            employeeId: c.employeeId,
            name: c.name,
            description: c.description,
            department: c.department,
            image: c.image,
            license: c.license,
            email: c.email ?? '',
            ytUrl: c.ytUrl ?? '',
            isDefault: Boolean(c.isDefault),
            // Hired over the last 13 months, the default campaign first.
            createdAt: new Date(ids.now.getTime() - (400 - i * 30) * day),
          },
        }),
      );
    }
    return rows;
  };
  const austin = await create(ids.austinId, AUSTIN);
  await create(ids.dallasId, DALLAS);

  const sarah = austin.find((c) => c.name === 'Sarah Nguyen')!;
  await tx.campaignSocialMedia.createMany({
    data: [
      { campaignId: sarah.id, source: 'google', url: 'https://g.page/r/demo-plumbing-austin/review' },
      { campaignId: sarah.id, source: 'facebook', url: 'https://www.facebook.com/demoplumbingaustin/reviews' },
      { campaignId: sarah.id, source: 'custom', url: 'https://www.demoplumbing.test/team/sarah', metadata: { title: 'Meet Sarah' } },
    ],
  });

  await tx.accountTemplates.create({
    data: {
      locationId: ids.austinId,
      pcheckSmsTemplate: 'Hi {customer_name}, thanks for choosing Demo Plumbing! How did {employee_name} do today? {link}',
    },
  });
};
