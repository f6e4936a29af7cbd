import type { Mail } from './mailer.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(
  paragraphs: string[],
  link: { href: string; label: string },
  after: string[],
): string {
  const p = (t: string) => `<p style="margin:0 0 16px">${t}</p>`;
  return `<!doctype html><html lang="pt-BR"><body style="font-family:system-ui,sans-serif;color:#18181b;max-width:560px;margin:0 auto;padding:24px">
${paragraphs.map(p).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(link.href)}" style="background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(link.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#52525b">Se o botão não funcionar, copie este endereço no navegador:<br><span style="word-break:break-all">${escapeHtml(link.href)}</span></p>
${after.map(p).join('\n')}
</body></html>`;
}

/** "Esqueci minha senha": the link to choose a new password (valid for one hour). */
export function resetPasswordMail(user: { name: string; email: string }, link: string): Mail {
  const name = user.name.trim() || user.email;
  const text = [
    `Olá, ${name}!`,
    '',
    'Recebemos um pedido para trocar a senha da sua conta no Aprenda. Para escolher uma senha nova, abra este link (ele vale por 1 hora):',
    '',
    link,
    '',
    'Se não foi você, ignore este e-mail: sua senha continua a mesma.',
    '',
    '—',
    `Hi ${name}, to choose a new Aprenda password open the link above (valid for 1 hour). If you did not ask for it, ignore this e-mail.`,
  ].join('\n');
  return {
    to: user.email,
    subject: 'Aprenda: troque sua senha',
    link,
    text,
    html: layout(
      [
        `Olá, ${escapeHtml(name)}!`,
        'Recebemos um pedido para trocar a senha da sua conta no Aprenda. O link vale por 1 hora.',
      ],
      { href: link, label: 'Escolher uma senha nova' },
      [
        'Se não foi você, ignore este e-mail: sua senha continua a mesma.',
        `<span style="font-size:13px;color:#71717a">Hi ${escapeHtml(name)}, to choose a new Aprenda password use the button above (valid for 1 hour). If you did not ask for it, ignore this e-mail.</span>`,
      ],
    ),
  };
}

/** The link that confirms the account's e-mail (valid for one day). */
export function verifyEmailMail(user: { name: string; email: string }, link: string): Mail {
  const name = user.name.trim() || user.email;
  const text = [
    `Olá, ${name}!`,
    '',
    'Confirme que este e-mail é seu abrindo o link abaixo (ele vale por 24 horas):',
    '',
    link,
    '',
    'Com o e-mail confirmado, você pode aceitar convites de turma enviados para ele e recuperar a senha se esquecer.',
    '',
    '—',
    `Hi ${name}, confirm this is your e-mail address by opening the link above (valid for 24 hours).`,
  ].join('\n');
  return {
    to: user.email,
    subject: 'Aprenda: confirme seu e-mail',
    link,
    text,
    html: layout(
      [`Olá, ${escapeHtml(name)}!`, 'Confirme que este e-mail é seu. O link vale por 24 horas.'],
      { href: link, label: 'Confirmar meu e-mail' },
      [
        'Com o e-mail confirmado, você pode aceitar convites de turma enviados para ele e recuperar a senha se esquecer.',
        `<span style="font-size:13px;color:#71717a">Hi ${escapeHtml(name)}, confirm this is your e-mail address with the button above (valid for 24 hours).</span>`,
      ],
    ),
  };
}
