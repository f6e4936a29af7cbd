import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Languages } from 'lucide-react';
import { LANGUAGES } from '@aprenda/shared/constants';
import { changeLanguage, isLanguage } from '@/lib/i18n';
import { cn } from '@/lib/utils';

/** Native select labelled "Idioma" / "Language"; the change applies at once and is remembered. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  const id = useId();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : i18n.language;
  return (
    <div className={cn('relative flex items-center', className)}>
      <label htmlFor={id} className="sr-only">
        {t('language')}
      </label>
      {/* On a phone the icon gives its room to the app's name in the header. */}
      <Languages
        className="pointer-events-none absolute left-2.5 hidden size-4 text-zinc-400 sm:block"
        aria-hidden
      />
      <select
        id={id}
        value={current}
        onChange={(e) => {
          if (isLanguage(e.target.value)) void changeLanguage(e.target.value, i18n);
        }}
        className="h-9 appearance-none rounded-md border border-input bg-background py-1 pr-3 pl-3 text-sm sm:pl-8 text-foreground hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng}>
            {t(`languages.${lng}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
