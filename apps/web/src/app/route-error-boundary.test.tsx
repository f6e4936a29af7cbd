import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '@/lib/i18n';
import { RouteErrorBoundary } from './route-error-boundary';

function Broken(): never {
  throw new Error('chunk failed to load');
}

describe('RouteErrorBoundary', () => {
  it('shows the route error screen instead of a blank page, and tries again on the next path', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const i18n = createI18n();
    const ui = (path: string, broken: boolean) => (
      <I18nextProvider i18n={i18n}>
        <RouteErrorBoundary resetKey={path}>
          {broken ? <Broken /> : <p>Tela {path}</p>}
        </RouteErrorBoundary>
      </I18nextProvider>
    );
    const { rerender } = render(ui('/dashboard', true));
    expect(screen.getByRole('heading', { name: i18n.t('common:routeError.title') })).toBeVisible();
    rerender(ui('/dashboard', false));
    expect(screen.getByRole('heading', { name: i18n.t('common:routeError.title') })).toBeVisible();
    rerender(ui('/profile', false));
    expect(screen.getByText('Tela /profile')).toBeVisible();
    quiet.mockRestore();
  });
});
