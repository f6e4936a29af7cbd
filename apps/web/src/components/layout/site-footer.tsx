import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function SiteFooter() {
  const { t } = useTranslation('common');
  return (
    <footer className="border-t border-border">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-zinc-400 sm:flex-row sm:justify-between">
        <p>{t('footer.tagline')}</p>
        <p>
          <Link to="/about" className="underline-offset-4 hover:text-foreground hover:underline">
            {t('footer.source')}
          </Link>
        </p>
      </div>
    </footer>
  );
}
