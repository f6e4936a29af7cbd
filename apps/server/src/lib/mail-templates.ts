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

/** A date as the mails show it: "21 de março de 2030" (Brasília, where our schools are). */
const mailDate = (iso: string, locale: 'pt-BR' | 'en') =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'America/Sao_Paulo' }).format(
    new Date(iso),
  );

/**
 * A class invite locked to this e-mail (a teacher added an address that has no account yet): the
 * invite link, valid until `expiresAt`.
 */
export function classInviteMail(input: {
  to: string;
  classTitle: string;
  inviterName: string;
  link: string;
  expiresAt: string;
}): Mail {
  const { to, classTitle, link } = input;
  const inviter = input.inviterName.trim() || 'Um professor';
  const until = mailDate(input.expiresAt, 'pt-BR');
  const text = [
    'Olá!',
    '',
    `${inviter} convidou você para a turma "${classTitle}" no Aprenda.`,
    '',
    `Para entrar, abra este link (ele vale até ${until}). Se você ainda não tem conta, crie uma com este e-mail (${to}) e confirme o e-mail antes de aceitar:`,
    '',
    link,
    '',
    'Se você não esperava este convite, ignore este e-mail.',
    '',
    '—',
    `Hi! ${inviter} invited you to the class "${classTitle}" on Aprenda. Open the link above (valid until ${mailDate(input.expiresAt, 'en')}); if you have no account yet, sign up with this e-mail address (${to}) and confirm it first.`,
  ].join('\n');
  return {
    to,
    subject: `Aprenda: convite para a turma ${classTitle}`,
    link,
    text,
    html: layout(
      [
        'Olá!',
        `${escapeHtml(inviter)} convidou você para a turma <strong>${escapeHtml(classTitle)}</strong> no Aprenda. O convite vale até ${escapeHtml(until)}.`,
        `Se você ainda não tem conta, crie uma com este e-mail (${escapeHtml(to)}) e confirme o e-mail antes de aceitar.`,
      ],
      { href: link, label: 'Ver o convite' },
      [
        'Se você não esperava este convite, ignore este e-mail.',
        `<span style="font-size:13px;color:#71717a">Hi! ${escapeHtml(inviter)} invited you to the class ${escapeHtml(classTitle)} on Aprenda. Use the button above; if you have no account yet, sign up with this e-mail address and confirm it first.</span>`,
      ],
    ),
  };
}

/** A teacher added this account to a class (by its e-mail): a link to the class. */
export function classAddedMail(input: {
  to: string;
  name: string;
  classTitle: string;
  inviterName: string;
  link: string;
}): Mail {
  const { to, classTitle, link } = input;
  const name = input.name.trim() || to;
  const inviter = input.inviterName.trim() || 'Um professor';
  const text = [
    `Olá, ${name}!`,
    '',
    `${inviter} adicionou você à turma "${classTitle}" no Aprenda. Ela já aparece em Minhas Turmas:`,
    '',
    link,
    '',
    'Se você não conhece esta turma, pode sair dela na página da turma.',
    '',
    '—',
    `Hi ${name}, ${inviter} added you to the class "${classTitle}" on Aprenda. It is in My Classes now (link above).`,
  ].join('\n');
  return {
    to,
    subject: `Aprenda: você entrou na turma ${classTitle}`,
    link,
    text,
    html: layout(
      [
        `Olá, ${escapeHtml(name)}!`,
        `${escapeHtml(inviter)} adicionou você à turma <strong>${escapeHtml(classTitle)}</strong> no Aprenda. Ela já aparece em Minhas Turmas.`,
      ],
      { href: link, label: 'Abrir a turma' },
      [
        'Se você não conhece esta turma, pode sair dela na página da turma.',
        `<span style="font-size:13px;color:#71717a">Hi ${escapeHtml(name)}, ${escapeHtml(inviter)} added you to the class ${escapeHtml(classTitle)} on Aprenda.</span>`,
      ],
    ),
  };
}
