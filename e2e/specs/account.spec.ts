import { readFile } from 'node:fs/promises';
import { seriousViolations } from '../fixtures/axe.ts';
import {
  expect,
  expectLoaded,
  mailTo,
  newUser,
  signInHere,
  signOut,
  signUp,
  test,
} from '../fixtures/test.ts';

test('"Esqueci minha senha" end to end: the mail, its link, a new password, sign in with it', async ({
  page,
}) => {
  const user = newUser();
  await signUp(page, user);
  await signOut(page);

  await page.getByLabel('E-mail', { exact: true }).fill(user.email);
  await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
  await expect(page).toHaveURL(/\/auth\/esqueci-senha$/);
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(user.email);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(
    page.getByText(`Se existir uma conta com ${user.email}, enviamos um link`),
  ).toBeVisible();

  // The first mail was the sign-up's confirmation; the second is the reset.
  const mail = await mailTo(user.email, 2);
  expect(mail.subject).toBe('Aprenda: troque sua senha');
  const link = mail.links.find((l) => l.includes('/auth/redefinir-senha'))!;
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Escolha uma senha nova' })).toBeVisible();
  // The token left the address bar as soon as the page read it.
  await expect(page).toHaveURL(/\/auth\/redefinir-senha$/);
  expect(await seriousViolations(page)).toEqual([]);

  const fresh = `${user.password}-nova`;
  await page.getByLabel('Senha nova', { exact: true }).fill(fresh);
  await page.getByLabel('Repita a senha nova').fill(`${fresh}x`);
  await page.getByRole('button', { name: 'Trocar senha' }).click();
  await expect(page.getByText('As duas senhas não são iguais.')).toBeVisible();
  await page.getByLabel('Repita a senha nova').fill(fresh);
  await page.getByRole('button', { name: 'Trocar senha' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('Senha trocada. Entre com a senha nova.')).toBeVisible();

  await signInHere(page, user.email, user.password);
  await expect(page.getByRole('alert')).toHaveText('E-mail ou senha incorretos.');
  await signInHere(page, user.email, fresh);
  await expect(page).toHaveURL(/\/dashboard\/?$/);

  // The same link does not work twice.
  await page.goto(link);
  await page.getByLabel('Senha nova', { exact: true }).fill('outra-senha-123');
  await page.getByLabel('Repita a senha nova').fill('outra-senha-123');
  await page.getByRole('button', { name: 'Trocar senha' }).click();
  await expect(page.getByRole('heading', { name: 'Este link não vale mais' })).toBeVisible();
});

test('the confirmation mail: notice until confirmed, its link confirms, the profile says so', async ({
  page,
}) => {
  const user = newUser();
  await signUp(page, user);
  const notice = page.getByRole('region', { name: 'Confirmação de e-mail pendente' });
  await expect(notice).toContainText('Confirme seu e-mail');
  await notice.getByRole('button', { name: 'Novo link de confirmação' }).click();
  await expect(
    page.getByText('Pronto: um novo link de confirmação chegará em instantes.'),
  ).toBeVisible();

  const mail = await mailTo(user.email, 2);
  expect(mail.subject).toBe('Aprenda: confirme seu e-mail');
  await page.goto(mail.links[0]!);
  await expect(page).toHaveURL(/\/auth\/verificar-email$/);
  await expect(page.getByRole('heading', { name: 'E-mail confirmado!' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/dashboard\/?$/);
  await expectLoaded(page);
  await expect(notice).toHaveCount(0);
  await page.goto('/profile');
  await expect(page.getByText('confirmado', { exact: true })).toBeVisible();
});

test('"Alterar senha" on the profile: the current password is checked, the new one works', async ({
  page,
}) => {
  const user = newUser();
  await signUp(page, user);
  await page.goto('/profile');
  const fresh = `${user.password}-2`;
  await page.getByLabel('Senha atual').fill('nao-e-essa-123');
  await page.getByLabel('Senha nova', { exact: true }).fill(fresh);
  await page.getByLabel('Repita a senha nova').fill(fresh);
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('A senha atual está incorreta.')).toBeVisible();
  await page.getByLabel('Senha atual').fill(user.password);
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(
    page.getByText('Senha alterada. Os outros aparelhos saíram da conta.'),
  ).toBeVisible();
  // Still signed in here (this session was kept), then the new password signs in.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/?$/);
  await signOut(page);
  await signInHere(page, user.email, fresh);
  await expect(page).toHaveURL(/\/dashboard\/?$/);
});

test('"Seu nome" on the profile: the new name shows in the header and the account at once', async ({
  page,
}) => {
  const user = newUser();
  await signUp(page, user);
  await page.goto('/profile');
  const field = page.getByLabel('Nome', { exact: true });
  await expect(field).toHaveValue(user.name);
  await field.fill('Conceição Araújo 👩‍🏫');
  await page.getByRole('button', { name: 'Salvar nome' }).click();
  await expect(page.getByText('Nome atualizado.')).toBeVisible();
  // The header's menu and the account card read the session again: no reload needed.
  await expect(page.getByRole('banner')).toContainText('Conceição Araújo');
  await expect(page.getByRole('banner')).toContainText('CA');
  await page.reload();
  await expect(page.getByLabel('Nome', { exact: true })).toHaveValue('Conceição Araújo 👩‍🏫');
});

test('"Sair dos outros aparelhos": the other browser is signed out, this one stays', async ({
  page,
  browser,
  baseURL,
}) => {
  const user = newUser();
  await signUp(page, user);
  const other = await browser.newContext({ baseURL, locale: 'pt-BR' });
  try {
    const there = await other.newPage();
    await there.goto('/auth');
    await signInHere(there, user.email, user.password);
    await expect(there).toHaveURL(/\/dashboard\/?$/);

    await page.goto('/profile');
    await page.getByRole('button', { name: 'Sair dos outros aparelhos' }).click();
    await expect(page.getByText('Pronto: os outros aparelhos saíram da conta.')).toBeVisible();

    await there.goto('/dashboard/student');
    await expect(there).toHaveURL(/\/auth/);
    await page.goto('/dashboard/student');
    await expect(page).toHaveURL(/\/dashboard\/student$/);
  } finally {
    await other.close();
  }
});

test('"Excluir minha conta": confirmed with the password, the account is gone here and everywhere', async ({
  page,
  browser,
  baseURL,
}) => {
  const user = newUser();
  await signUp(page, user);
  const other = await browser.newContext({ baseURL, locale: 'pt-BR' });
  try {
    const there = await other.newPage();
    await there.goto('/auth');
    await signInHere(there, user.email, user.password);
    await expect(there).toHaveURL(/\/dashboard\/?$/);

    await page.goto('/profile');
    await page.getByLabel('Sua senha').fill('nao-e-essa-123');
    await page.getByRole('button', { name: 'Excluir minha conta' }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Excluir para sempre' })
      .click();
    await expect(page.getByText('Senha incorreta.')).toBeVisible();

    await page.getByLabel('Sua senha').fill(user.password);
    await page.getByRole('button', { name: 'Excluir minha conta' }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Excluir para sempre' })
      .click();
    await expect(page).toHaveURL(/\/auth/);
    await expect(page.getByText('Sua conta foi excluída.')).toBeVisible();

    // The other browser's session went with the account; the password signs in nowhere.
    await there.goto('/dashboard/student');
    await expect(there).toHaveURL(/\/auth/);
    await signInHere(page, user.email, user.password);
    await expect(page.getByText('E-mail ou senha incorretos.')).toBeVisible();
  } finally {
    await other.close();
  }
});

test('"Baixar meus dados": the profile saves a JSON file with the account in it', async ({
  page,
}) => {
  const user = newUser();
  await signUp(page, user);
  await page.goto('/profile');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar meus dados' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^aprenda-meus-dados-\d{4}-\d{2}-\d{2}\.json$/);
  const text = await readFile((await download.path())!, 'utf8');
  const data = JSON.parse(text) as { format: string; account: { name: string; email: string } };
  expect(data.format).toBe('aprenda-export');
  expect(data.account).toMatchObject({ name: user.name, email: user.email });
  await expect(page.getByText('Pronto: o arquivo com os seus dados foi baixado.')).toBeVisible();
});
