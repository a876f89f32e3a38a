import { useTranslation } from '../i18n.tsx';

/** The document title (React 19 hoists <title> into <head>): the page's name, then the shop's. */
export function PageTitle({ children }: { children?: string }) {
  const { t } = useTranslation();
  const suffix = t('meta.titleSuffix');
  return <title>{children ? `${children} — ${suffix}` : suffix}</title>;
}
