import type { AccessSubject } from '@kudo/shared';
import { RouteTabs } from '../../components/RouteTabs';
import { isBuilt } from '../pages';
import { ROUTES, type RouteName } from '../../config/routes';
import styles from './AnalyzeNav.module.css';
import { analyzeSectionOf, visibleAnalyzeSections } from '../../config/menu';

/**
 * The navigation between the Analyze screens, above each of them: the sections the user may open and
 * that exist, then the current section's own tabs when it has more than one.
 */
export function AnalyzeNav({ routeName, subject }: { routeName: RouteName; subject: AccessSubject }) {
  const currentSection = analyzeSectionOf(routeName);
  if (!currentSection) return null;
  const sections = visibleAnalyzeSections(subject, isBuilt);
  const current = sections.find((s) => s.route === currentSection);
  return (
    <div className={styles.nav}>
      <RouteTabs
        label="Analyze"
        tabs={sections.map((s) => ({ label: s.label, to: ROUTES[s.target].path, section: ROUTES[s.route].path }))}
      />
      {current && current.tabs.length > 1 && (
        <RouteTabs label={current.label} tabs={current.tabs.map((t) => ({ label: t.label, to: ROUTES[t.route].path }))} />
      )}
    </div>
  );
}
