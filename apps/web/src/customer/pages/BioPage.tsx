/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/hooks';
import { PRODUCT } from '@kudo/shared';
import { api, type Bio } from '../api';
import { brandStyle, Loading } from '../Layout';
import { NotFoundPage } from './NotFoundPage';

function Stars({ value, label }: { value: number; label: string }) {
  const full = Math.round(value);
  return (
    <span class="stars" role="img" aria-label={label}>
      {[1, 2, 3, 4, 5].map((i) => (
        <span key={i} class={i <= full ? 'star on' : 'star'} aria-hidden="true">
          ★
        </span>
      ))}
    </span>
  );
}

const SOURCE_ICON: Record<string, string> = { google: 'G', facebook: 'f', kudo: 'K' };

/** A technician's public page: who is coming, their licence, what customers said. */
export function BioPage({ campaignUid }: { campaignUid: string }) {
  const [bio, setBio] = useState<Bio | null>(null);
  const [failed, setFailed] = useState(false);
  const [video, setVideo] = useState(false);
  useEffect(() => {
    api.bio(campaignUid).then(setBio, () => setFailed(true));
  }, [campaignUid]);
  useEffect(() => {
    if (bio) document.title = `${bio.bio_profile.campaign_name} · ${bio.bio_profile.company_name}`;
  }, [bio]);

  if (failed) return <NotFoundPage />;
  if (!bio) return <Loading />;
  const p = bio.bio_profile;
  return (
    <div class="page">
      <header class="brand" style={brandStyle(p.logo_bkg_color)}>
        {p.logo_url ? <img class="brand-image" src={p.logo_url} alt={p.company_name} /> : <span class="brand-name">{p.company_name}</span>}
      </header>
      <main class="content bio">
        <section class="profile">
          {p.campaign_img_url && <img class="portrait" src={p.campaign_img_url} alt={p.campaign_name} />}
          <h1>{p.campaign_name}</h1>
          {p.rating !== null && (
            <p class="rating">
              <Stars value={p.rating} label={`${p.rating} out of 5 stars`} /> <span>{p.rating.toFixed(1)}</span>{' '}
              <span class="muted">({p.review_count} reviews)</span>
            </p>
          )}
          <dl class="facts">
            {p.department && (
              <div>
                <dt>Department</dt>
                <dd>{p.department}</dd>
              </div>
            )}
            {p.license && (
              <div>
                <dt>License</dt>
                <dd>{p.license}</dd>
              </div>
            )}
          </dl>
          <p class="description">{p.description}</p>
          {p.video_id && (
            <button type="button" class="button primary" onClick={() => setVideo(true)}>
              Watch my intro
            </button>
          )}
        </section>
        <section class="reviews" aria-labelledby="reviews-title">
          <h2 id="reviews-title">What customers say</h2>
          {bio.reviews.length === 0 ? (
            <p class="muted">No reviews to show yet.</p>
          ) : (
            <ul>
              {bio.reviews.map((r) => (
                <li key={r.transaction_id} class="review">
                  <div class="review-head">
                    <Stars value={r.user_rating} label={`${r.user_rating} out of 5 stars`} />
                    <span class={`source source-${r.source}`} aria-hidden="true">
                      {SOURCE_ICON[r.source] ?? r.sm_title.charAt(0)}
                    </span>
                  </div>
                  {r.text && <p>{r.text}</p>}
                  <p class="posted">
                    Posted {r.time_diff_expr} by {r.name} on {r.sm_title}
                  </p>
                  {r.reply && (
                    <div class="reply">
                      <p class="reply-label">Reply from {p.company_name}</p>
                      <p>{r.reply}</p>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      </main>
      {!p.whitelabel && (
        <footer class="footer">
          <a class="powered" href="/" target="_blank" rel="noopener noreferrer">
            Powered by <strong>{PRODUCT.name}</strong>
          </a>
        </footer>
      )}
      {video && p.video_id && (
        <div class="modal-backdrop" onClick={(e) => e.target === e.currentTarget && setVideo(false)}>
          <div class="modal video" role="dialog" aria-modal="true" aria-label={`${p.campaign_name}'s intro video`}>
            <iframe
              src={`https://www.youtube-nocookie.com/embed/${p.video_id}?autoplay=1`}
              title={`${p.campaign_name}'s intro video`}
              allow="autoplay; encrypted-media; picture-in-picture"
              allowFullScreen
            />
            <button type="button" class="button" onClick={() => setVideo(false)} autoFocus>
              Close
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
