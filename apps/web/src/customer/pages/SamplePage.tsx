/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api';
import { Loading } from '../Layout';
import { flowPath, navigate } from '../router';
import { keep } from '../store';
import { NotFoundPage } from './NotFoundPage';

/** A campaign's preview: a test token, then the flow from the mood page, marked TEST TRANSACTION. */
export function SamplePage({ campaignUid }: { campaignUid: string }) {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    api
      .sampleToken(campaignUid)
      .then(({ token }) => {
        keep(token, { test: true, campaignUid });
        navigate(flowPath(token, campaignUid, 'mood'), true);
      })
      .catch(() => setFailed(true));
  }, [campaignUid]);
  return failed ? <NotFoundPage /> : <Loading />;
}
