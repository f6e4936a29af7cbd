import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from '@/components/ui/sonner';
import { problem, reply, requestUrl, serve, stubFetch } from '@/test/fetch-stub';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { DataExportSection } from './data-export-section';

const fetchMock = stubFetch();

function renderSection(lang = 'pt-BR') {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={createQueryClient()}>
        <DataExportSection />
        <Toaster />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return user;
}

describe('Seus dados', () => {
  afterEach(() => vi.restoreAllMocks());

  it('"Baixar meus dados" saves the answer of GET /api/account/export as a dated JSON file', async () => {
    serve(fetchMock, () => reply({ format: 'aprenda-export', version: 1 }));
    const saved: Array<{ name: string; blob: Blob }> = [];
    let lastBlob: Blob | undefined;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      lastBlob = blob;
      return 'blob:dados';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, blob: lastBlob! });
    });
    const user = renderSection();
    await user.click(screen.getByRole('button', { name: 'Baixar meus dados' }));
    expect(
      await screen.findByText('Pronto: o arquivo com os seus dados foi baixado.'),
    ).toBeInTheDocument();
    expect(requestUrl(fetchMock.mock.calls[0]![0]).pathname).toBe('/api/account/export');
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toMatch(/^aprenda-meus-dados-\d{4}-\d{2}-\d{2}\.json$/);
    expect(JSON.parse(await saved[0]!.blob.text())).toEqual({
      format: 'aprenda-export',
      version: 1,
    });
  });

  it('a failure is said, and nothing is saved', async () => {
    serve(fetchMock, () => problem(500, 'internal'));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    const user = renderSection('en');
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(
      await screen.findByText('Something went wrong on our side. Try again shortly.'),
    ).toBeInTheDocument();
    expect(click).not.toHaveBeenCalled();
  });
});
