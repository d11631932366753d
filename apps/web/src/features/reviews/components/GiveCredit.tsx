import * as Popover from '@radix-ui/react-popover';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { SearchField } from '../../../components/TextField';
import styles from './SocialReviews.module.css';

export interface CreditCampaign {
  uid: string;
  name: string;
}

/**
 * 'Give Credit' (or 'Give Additional Credit' once a campaign is credited): a searchable list of the
 * location's campaigns not credited yet; picking one gives it the credit.
 */
export function GiveCredit({
  campaigns,
  credited,
  additional,
  busy,
  onGive,
  reviewLabel,
}: {
  campaigns: readonly CreditCampaign[];
  /** Campaigns already credited or suggested on this review. */
  credited: ReadonlySet<string>;
  additional: boolean;
  busy: boolean;
  onGive: (campaignUid: string) => void;
  /** Names the review for the button's accessible name ("by Ann B."). */
  reviewLabel: string;
}) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const shown = campaigns.filter((c) => !credited.has(c.uid) && c.name.toLowerCase().includes(needle));
  const label = additional ? 'Give Additional Credit' : 'Give Credit';
  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setSearch('');
      }}
    >
      <Popover.Trigger asChild>
        <Button variant="secondary" size="sm" loading={busy} aria-label={`${label} for the review ${reviewLabel}`}>
          {label}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className={styles.popover} align="start" sideOffset={6} aria-label={label}>
          <SearchField label="Search Campaigns" placeholder="Search Campaigns" value={search} onChange={(e) => setSearch(e.target.value)} autoFocus />
          {shown.length === 0 ? (
            <p className={styles.muted}>no campaigns available</p>
          ) : (
            <ul className={styles.campaignList} aria-label="Campaigns">
              {shown.map((c) => (
                <li key={c.uid}>
                  <button
                    type="button"
                    className={styles.campaignOption}
                    onClick={() => {
                      onGive(c.uid);
                      setOpen(false);
                      setSearch('');
                    }}
                  >
                    {c.name}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
