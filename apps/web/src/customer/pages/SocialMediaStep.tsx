/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import type { StepProps } from './step';
import { phoneAddress } from '@kudo/shared';

type Site = StepProps['location']['social_media'][number];

const isMobile = () => /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);

/** On phones the Facebook app opens the page, not its /reviews tab (3§9). */
export const siteUrl = (site: Pick<Site, 'source' | 'url'>, mobile: boolean) =>
  mobile && (site.source === 'facebook' || site.source === 'fb') ? site.url.replace(/\/reviews\/?$/, '') : site.url;

/**
 * Every mood is offered the review sites (no gating). Happy customers get the list first; others get
 * an apology with the call-us line and a Google button next to it.
 */
export function SocialMediaStep({ location, mood, record, next, answered }: StepProps) {
  const [redirecting, setRedirecting] = useState<Site | null>(null);
  const [asked, setAsked] = useState<'submitted?' | 'try-again?' | null>(null);
  const recorded = answered.includes('social-media');

  /** The first choice is the answer of this step (a review lead when it is a site). */
  const choose = (selection: string, url: string | null) => {
    if (!recorded) void record('social-media', { selection, url }).catch(() => undefined);
  };
  const letsGo = (site: Site) => {
    window.open(siteUrl(site, isMobile()), '_blank', 'noopener');
    setRedirecting(null);
    setAsked('submitted?');
    choose(site.source, site.url);
  };
  const skip = () => {
    choose('none', null);
    next();
  };

  const sites = location.social_media;
  const google = sites.find((s) => s.source === 'google');

  if (mood !== 'positive') {
    return (
      <section class="step">
        <h1>Thank you!</h1>
        <p>We always want to provide our Clients with a 5 star experience.</p>
        {!location.whitelabel && location.company_phone && (
          <p>Please call us at {location.company_phone} and let us know what we can do to make things right by you.</p>
        )}
        <div class="actions">
          {location.whitelabel ? (
            sites[0] && (
              <button type="button" class="button primary" onClick={() => setRedirecting(sites[0]!)}>
                Leave a review
              </button>
            )
          ) : (
            <a class="button primary" href={location.company_phone ? `tel:${phoneAddress(location.company_phone)}` : '#'} onClick={() => choose('contact', null)}>
              Contact us directly!
            </a>
          )}
          {google && (
            <button type="button" class="button google" onClick={() => setRedirecting(google)}>
              Review us on Google
            </button>
          )}
        </div>
        <button type="button" class="link" onClick={skip}>
          Continue
        </button>
        {redirecting && <RedirectModal site={redirecting} onGo={() => letsGo(redirecting)} onClose={() => setRedirecting(null)} />}
        {asked && <ContinueAfterSite asked={asked} setAsked={setAsked} next={next} />}
      </section>
    );
  }

  return (
    <section class="step">
      <h1>Leave your review in seconds.</h1>
      {sites.length > 1 && <p class="hint">Reviews on {sites[0]!.name} help us most.</p>}
      <ul class="sites">
        {sites.map((site) => (
          <li key={`${site.source}-${site.order}`}>
            <button type="button" class={`site site-${site.source}`} onClick={() => setRedirecting(site)}>
              {site.name}
            </button>
          </li>
        ))}
      </ul>
      {location.custom_flow_mode === 'sentimentOnly-ungated' && (
        <button type="button" class="link" onClick={skip}>
          I don't have any of these
        </button>
      )}
      {redirecting && <RedirectModal site={redirecting} onGo={() => letsGo(redirecting)} onClose={() => setRedirecting(null)} />}
      {asked && <ContinueAfterSite asked={asked} setAsked={setAsked} next={next} />}
    </section>
  );
}

function RedirectModal({ site, onGo, onClose }: { site: Site; onGo: () => void; onClose: () => void }) {
  return (
    <div class="modal-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div class="modal" role="dialog" aria-modal="true" aria-labelledby="redirect-title">
        <h2 id="redirect-title">Redirecting to {site.name}...</h2>
        <div class="actions">
          <button type="button" class="button primary" onClick={onGo} autoFocus>
            Let's Go!
          </button>
          <button type="button" class="link" onClick={onClose}>
            Cancel
          </button>
        </div>
      </div>
    </div>
  );
}

function ContinueAfterSite({
  asked,
  setAsked,
  next,
}: {
  asked: 'submitted?' | 'try-again?';
  setAsked: (v: 'submitted?' | 'try-again?' | null) => void;
  next: () => void;
}) {
  return (
    <div class="modal-backdrop">
      <div class="modal" role="dialog" aria-modal="true" aria-labelledby="asked-title">
        {asked === 'submitted?' ? (
          <>
            <h2 id="asked-title">Were you able to submit a review?</h2>
            <div class="actions">
              <button type="button" class="button primary" onClick={next} autoFocus>
                I left a great review!
              </button>
              <button type="button" class="button" onClick={() => setAsked('try-again?')}>
                Sadly, no
              </button>
            </div>
          </>
        ) : (
          <>
            <h2 id="asked-title">Want to try again?</h2>
            <div class="actions">
              <button type="button" class="button primary" onClick={() => setAsked(null)} autoFocus>
                Sure!
              </button>
              <button type="button" class="button" onClick={next}>
                Too much work
              </button>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
