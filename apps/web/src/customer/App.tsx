/** @jsxImportSource preact */
import { BioPage } from './pages/BioPage';
import { FlowPage } from './pages/FlowPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { SamplePage } from './pages/SamplePage';
import { SelectCampaignPage } from './pages/SelectCampaignPage';
import { matchCustomerPath } from '@kudo/shared';
import { useLocation } from './router';

export function App() {
  const { pathname, search } = useLocation();
  const route = matchCustomerPath(pathname);
  switch (route.name) {
    case 'select-campaign':
      return <SelectCampaignPage key={route.token} token={route.token} />;
    case 'flow':
      return <FlowPage key={`${route.token}/${route.campaignUid}`} token={route.token} campaignUid={route.campaignUid} step={route.step} search={search} />;
    case 'sample':
      return <SamplePage campaignUid={route.campaignUid} />;
    case 'bio':
      return <BioPage campaignUid={route.campaignUid} />;
    default:
      return <NotFoundPage />;
  }
}
