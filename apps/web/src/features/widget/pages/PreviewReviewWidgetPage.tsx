import { widgetApi } from '@kudo/shared';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/forms';
import { useWidgetData } from '../api/widget';
import styles from './PreviewReviewWidgetPage.module.css';

/** Adds the real embed script for this widget to the page, as a website would, and takes it away again. */
function useEmbedScript(key: string | undefined) {
  useEffect(() => {
    if (!key) return;
    const script = document.createElement('script');
    script.src = widgetApi.WIDGET_SCRIPT_PATH;
    script.async = true;
    script.setAttribute(widgetApi.WIDGET_KEY_ATTRIBUTE, key);
    // The owner comes here right after changing the settings: skip the browser's one-minute copy.
    script.setAttribute('data-kudo-fresh', '');
    document.body.appendChild(script);
    return () => {
      script.remove();
      document.querySelectorAll('[data-kudo-widget-root]').forEach((n) => n.remove());
      document.head.querySelector('script[data-kudo-widget-ld]')?.remove();
    };
  }, [key]);
}

/** A placeholder website page that loads the widget with the id from the link. */
export default function PreviewReviewWidgetPage() {
  const { id } = useParams();
  const data = useWidgetData(id);
  useEmbedScript(data.isSuccess ? id : undefined);

  useEffect(() => {
    const previous = document.title;
    document.title = data.data ? `${data.data.business.name} · Review widget preview` : 'Review widget preview';
    return () => {
      document.title = previous;
    };
  }, [data.data]);

  return (
    <QueryBoundary
      query={data}
      fullPage
      loadingLabel="Loading the widget…"
      isEmpty={() => false}
      errorMessage={(error) => (isNotFound(error) ? 'This widget was not found. Open it again from Settings › Dispatch › Web Widget.' : errorMessage(error))}
      canRetry={(error) => !isNotFound(error)}
    >
      {(widget) => <SampleSite name={widget.business.name} />}
    </QueryBoundary>
  );
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** A stand-in website page with the element a fixed dot shows in. */
function SampleSite({ name }: { name: string }) {
  return (
    <div className={styles.site}>
      <header className={styles.header}>
        <span className={styles.brand}>{name}</span>
        <nav className={styles.nav} aria-label="Sample site">
          <span>Services</span>
          <span>About</span>
          <span>Contact</span>
        </nav>
      </header>
      <main className={styles.main}>
        <section className={styles.hero}>
          <p className={styles.kicker}>Review widget preview</p>
          <h1 className={styles.title}>This is how your review widget looks on a website</h1>
          <p className={styles.lead}>
            The page is a stand-in for your own website. It loads the same code you paste into your site, so the
            dot, its position and style, and the reviews are exactly what your visitors see.
          </p>
        </section>
        <div className={styles.columns}>
          <div className={styles.placeholder} aria-hidden="true">
            <span />
            <span />
            <span />
            <span />
            <span />
          </div>
          <aside className={styles.aside}>
            <p className={styles.asideTitle}>
              Element <code>#{widgetApi.WIDGET_STATIC_CONTAINER_ID}</code>
            </p>
            <p className={styles.asideText}>With a fixed dot, or with the dot turned off, the widget shows here.</p>
            <div id={widgetApi.WIDGET_STATIC_CONTAINER_ID} className={styles.container} />
          </aside>
        </div>
      </main>
    </div>
  );
}
