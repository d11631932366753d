import * as Popover from '@radix-ui/react-popover';
import type { AttributionMethod, SocialReviewItem } from '@kudo/shared';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { CheckIcon } from '../../../components/icons';
import styles from './SocialReviews.module.css';

type Attribution = SocialReviewItem['attribution'][number];

export interface CreditActions {
  /** Confirms a suggestion, or gives credit by hand. */
  confirm: (campaignUid: string) => void;
  /** Removes the given methods of a campaign's credit. */
  remove: (campaignUid: string, methods: readonly AttributionMethod[]) => void;
  busy: boolean;
}

const METHOD_TEXT: Record<Exclude<AttributionMethod, 'human'>, string> = {
  mentions: 'named in the review',
  matching: 'a customer of theirs with this name',
};

/** A campaign is credited when a person gave or confirmed the credit; otherwise the sync only suggests it. */
export const isConfirmed = (a: Attribution) => a.methods.some((m) => m.attribution_method === 'human');

/**
 * The review's credit: confirmed chips (a click asks "Credits {campaign}. Remove Credit?") and suggested
 * ones, which wait for Confirm? or Remove.
 */
export function CreditChips({ attribution, actions }: { attribution: SocialReviewItem['attribution']; actions: CreditActions }) {
  if (attribution.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label="Credit">
      {attribution.map((a) => (
        <li key={a.campaign.campaign_uid}>{isConfirmed(a) ? <ConfirmedChip attribution={a} actions={actions} /> : <SuggestedChip attribution={a} actions={actions} />}</li>
      ))}
    </ul>
  );
}

function ConfirmedChip({ attribution, actions }: { attribution: Attribution; actions: CreditActions }) {
  const [open, setOpen] = useState(false);
  const name = attribution.campaign.name;
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className={styles.chipConfirmed} aria-label={`${name}, credited. Change`}>
        <CheckIcon size={12} />
        {name}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className={styles.popover} align="start" sideOffset={6} aria-label={`Credit of ${name}`}>
          <p>Credits {name}. Remove Credit?</p>
          <div className={styles.popoverActions}>
            <Popover.Close asChild>
              <Button variant="secondary" size="sm">
                Cancel
              </Button>
            </Popover.Close>
            <Button
              variant="danger"
              size="sm"
              loading={actions.busy}
              onClick={() => {
                actions.remove(attribution.campaign.campaign_uid, ['human']);
                setOpen(false);
              }}
            >
              Remove Credit
            </Button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function SuggestedChip({ attribution, actions }: { attribution: Attribution; actions: CreditActions }) {
  const name = attribution.campaign.name;
  const methods = attribution.methods.map((m) => m.attribution_method);
  const why = methods.flatMap((m) => (m === 'human' ? [] : [METHOD_TEXT[m]])).join('; ');
  return (
    <span className={styles.chipSuggested}>
      <span>
        {name}
        <span className={styles.chipWhy}> (suggested: {why})</span>
      </span>
      <button type="button" className={styles.chipAction} disabled={actions.busy} onClick={() => actions.confirm(attribution.campaign.campaign_uid)} aria-label={`Confirm credit for ${name}?`}>
        Confirm?
      </button>
      <button type="button" className={styles.chipAction} disabled={actions.busy} onClick={() => actions.remove(attribution.campaign.campaign_uid, methods)} aria-label={`Remove suggestion ${name}`}>
        Remove
      </button>
    </span>
  );
}
