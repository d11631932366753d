/** @jsxImportSource preact */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { api, type LocationData, type PublicCampaign, type Validation } from '../api';
import { Layout, Loading } from '../Layout';
import { flowPath, navigate } from '../router';
import { keep, remember } from '../store';
import { NotFoundPage } from './NotFoundPage';

interface Loaded {
  validation: Validation;
  location: LocationData;
  campaigns: PublicCampaign[];
}

/**
 * A link's first page: a link sent from the default campaign asks "Who served you?" when the location has
 * several technicians; otherwise it goes straight to the mood.
 */
export function SelectCampaignPage({ token }: { token: string }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    let live = true;
    (async () => {
      const validation = await api.validate(token);
      const remembered = remember(token).campaignUid;
      const location = await api.location(token, validation.campaign_uid);
      const isDefault = location.default_campaign_uid === validation.campaign_uid;
      if (remembered && remembered !== validation.campaign_uid) return navigate(flowPath(token, remembered, 'mood'), true);
      if (!isDefault) return navigate(flowPath(token, validation.campaign_uid, 'mood'), true);
      const { campaigns } = await api.campaigns(token);
      if (campaigns.length <= 1) return navigate(flowPath(token, validation.campaign_uid, 'mood'), true);
      if (live) setLoaded({ validation, location, campaigns });
    })().catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [token]);

  const matches = useMemo(
    () => (loaded?.campaigns ?? []).filter((c) => c.name.toLowerCase().includes(query.trim().toLowerCase())),
    [loaded, query],
  );

  if (failed) return <NotFoundPage />;
  if (!loaded) return <Loading />;
  const { location, validation } = loaded;
  const go = (uid: string) => {
    keep(token, { campaignUid: uid });
    navigate(flowPath(token, uid, 'mood'));
  };
  const chosenCampaign = loaded.campaigns.find((c) => c.uid === chosen);

  return (
    <Layout
      color={location.navbar_bkg_color}
      image={location.company_image}
      imageAlt={location.company_name}
      companyLogo={location.company_image}
      companyName={location.company_name}
      whitelabel={location.whitelabel}
      test={validation.is_test}
      privacyUrl={location.privacy_policy_url}
    >
      <form
        class="step"
        onSubmit={(e) => {
          e.preventDefault();
          if (chosen) go(chosen);
        }}
      >
        <h1>Who served you?</h1>
        <div class="combo">
          <label for="technician" class="visually-hidden">
            Choose your technician
          </label>
          <input
            id="technician"
            class="input"
            role="combobox"
            aria-expanded={open}
            aria-controls="technician-list"
            aria-autocomplete="list"
            placeholder="Choose your technician"
            value={open ? query : (chosenCampaign?.name ?? query)}
            onFocus={() => setOpen(true)}
            onInput={(e) => {
              setQuery((e.target as HTMLInputElement).value);
              setChosen(null);
              setOpen(true);
            }}
          />
          {open && (
            <ul id="technician-list" class="options" role="listbox" aria-label="Technicians">
              {matches.length === 0 && <li class="option empty">No technician by that name</li>}
              {matches.map((c) => (
                <li
                  key={c.uid}
                  role="option"
                  aria-selected={c.uid === chosen}
                  class="option"
                  tabIndex={0}
                  onClick={() => {
                    setChosen(c.uid);
                    setQuery(c.name);
                    setOpen(false);
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      setChosen(c.uid);
                      setQuery(c.name);
                      setOpen(false);
                    }
                  }}
                >
                  {c.image && <img src={c.image} alt="" class="option-image" />}
                  <span>{c.name}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <p class="hint">If you don't remember, that's okay it happens to all of us.</p>
        <button type="submit" class="button primary block" disabled={!chosen}>
          Submit
        </button>
        <button type="button" class="button block" onClick={() => go(location.default_campaign_uid ?? validation.campaign_uid)}>
          I don't remember
        </button>
      </form>
    </Layout>
  );
}
