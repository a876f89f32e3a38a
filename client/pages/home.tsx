import { Link } from 'react-router-dom';
import { PageTitle } from '../components/PageTitle.tsx';
import { ResponsiveImage } from '../components/ResponsiveImage.tsx';
import { useTranslation } from '../i18n.tsx';
import { useShell } from '../loader-data.ts';

export function Component() {
  const { t } = useTranslation();
  const shell = useShell();
  return (
    <>
      <PageTitle />
      <h1>{t('home.title')}</h1>
      <p className="lead">{t('home.lead')}</p>
      <h2>{t('home.categories')}</h2>
      <ul className="category-grid">
        {shell.categories.map((c, i) => (
          <li key={c.id} className="category-card">
            <Link to={c.url}>
              {c.preview_image && (
                <ResponsiveImage
                  src={c.preview_image}
                  alt=""
                  width={160}
                  height={120}
                  sizes="(max-width: 40rem) 50vw, 14rem"
                  eager={i < 4}
                />
              )}
              <span>{c.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
