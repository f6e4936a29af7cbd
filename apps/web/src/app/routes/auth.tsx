import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '@/components/layout/public-layout';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { AuthForm, type AuthMode } from '@/features/auth/components/auth-form';
import { useConfig } from '@/lib/config-context';
import { safeNext } from '@/lib/redirect';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/page-title';

export function AuthPage() {
  const { t } = useTranslation('auth');
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const config = useConfig();
  const { data: user } = useSession();
  const next = safeNext(params.get('next'));
  const [mode, setMode] = useState<AuthMode>(params.get('mode') === 'signUp' ? 'signUp' : 'signIn');
  usePageTitle(mode === 'signUp' ? 'auth:tabs.signUp' : 'auth:tabs.signIn');

  if (user) return <Navigate to={next} replace />;

  return (
    <PublicLayout>
      <div className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16">
        <Card>
          <CardHeader>
            <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
            <CardDescription>{t('lead')}</CardDescription>
          </CardHeader>
          <CardContent>
            <AuthForm
              next={next}
              github={config.github}
              defaultMode={mode}
              onModeChange={(next) => {
                setMode(next);
                // The tab is in the address: a reload opens the same one.
                setParams(
                  (p) => {
                    if (next === 'signUp') p.set('mode', 'signUp');
                    else p.delete('mode');
                    return p;
                  },
                  { replace: true },
                );
              }}
              onSignedIn={(to) => void navigate(to, { replace: true })}
            />
          </CardContent>
        </Card>
      </div>
    </PublicLayout>
  );
}
