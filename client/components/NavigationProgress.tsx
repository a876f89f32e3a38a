/**
 * The slim bar at the top of the window while a client navigation loads its data (issue 19, item 11): the page
 * stays as it was until the next one is ready, so without it a slow network looks like a dead link. It appears
 * only after a short delay (CSS), so quick navigations do not flash, and screen readers get the busy state from
 * <main aria-busy> in Root as well as from this indeterminate progress bar.
 */
import { useNavigation } from 'react-router-dom';
import { useTranslation } from '../i18n.tsx';

export function useNavigationBusy(): boolean {
  return useNavigation().state !== 'idle';
}

export function NavigationProgress({ busy }: { busy: boolean }) {
  const { t } = useTranslation();
  if (!busy) return null;
  return <div className="nav-progress" role="progressbar" aria-label={t('header.pageLoading')} />;
}
