import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

describe('Tabs', () => {
  it('the panel, a tab stop after the tabs, shows a focus ring when reached by keyboard', async () => {
    const user = userEvent.setup();
    render(
      <Tabs defaultValue="signIn">
        <TabsList aria-label="Entrar ou criar conta">
          <TabsTrigger value="signIn">Entrar</TabsTrigger>
          <TabsTrigger value="signUp">Criar conta</TabsTrigger>
        </TabsList>
        <TabsContent value="signIn">Formulário</TabsContent>
        <TabsContent value="signUp">Cadastro</TabsContent>
      </Tabs>,
    );
    await user.tab();
    await user.tab();
    const panel = screen.getByRole('tabpanel', { name: 'Entrar' });
    expect(panel).toHaveFocus();
    // `outline-none` alone hid where focus was (WCAG 2.4.7).
    expect(panel.className).toMatch(/focus-visible:outline-2/);
    expect(panel.className).toMatch(/focus-visible:outline-ring/);
  });
});
