import { describe, expect, it } from 'vitest';

/**
 * Portuguese texts addressed to a person are gender-neutral ("você", no "bem-vindo",
 * "convidado", "pronto para…"; "peça um novo link a quem convidou você", not "ao professor … a
 * ele"). The spec's own words stay as the spec gives them (seed-spec.md).
 */
const catalogs = import.meta.glob<Record<string, unknown>>('./pt-BR/*.json', {
  import: 'default',
  eager: true,
});

function strings(node: unknown, path: string, out: Array<[string, string]>) {
  if (typeof node === 'string') out.push([path, node]);
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) strings(v, path ? `${path}.${k}` : k, out);
  }
  return out;
}

const ALL = Object.entries(catalogs).flatMap(([file, data]) =>
  strings(data, '', []).map(([key, text]): [string, string] => [
    `${file.replace('./pt-BR/', '').replace('.json', '')}:${key}`,
    text,
  ]),
);

/** Words of the spec, kept word for word (seed-spec.md). */
const SPEC = new Set([
  'Você ainda não está em nenhuma turma. Aguarde um convite do professor.',
  // "A footer says to contact the teacher for details and activities."
  'Fale com o professor para detalhes e atividades.',
]);

/** Gendered forms that address the reader (masculine by default). */
const GENDERED: Array<[RegExp, string]> = [
  [/\bbem-vind[oa]s?\b/i, 'bem-vindo'],
  [/\bprezad[oa]s?\b/i, 'prezado'],
  [/\bobrigad[oa]\b/i, 'obrigado'],
  [/(?<!Tudo )\bpront[oa]s? para\b/i, 'pronto para'],
  [
    /\bvocê (?:é|está|foi|será|ficou|continua) (?:convidad|cadastrad|conectad|logad|pront|bem-vind|removid|adicionad|professor|alun|don[oa]\b)/i,
    'você é/está/continua + gendered word',
  ],
  [/\bse você é (?:professor|aluno)/i, 'se você é professor'],
  [/\bcomo (?:aluno|professor)\b(?! ou)/i, 'como aluno / como professor'],
  [/\bcomo aluno ou professor\b/i, 'como aluno ou professor'],
  [/\b(?:ao|seu) professor\b/i, 'ao/seu professor'],
  [/\ba ele\b|\bdele\b/i, 'a ele'],
  [/\bo professor (?:que|enviou|cancelou|marcar|passou)/i, 'o professor que…'],
  [/\bconvidad[oa] por\b/i, 'convidado por'],
];

describe('pt-BR texts addressed to a person are gender-neutral', () => {
  it.each(GENDERED)('no string uses %s', (pattern) => {
    const found = ALL.filter(([, text]) => !SPEC.has(text) && pattern.test(text));
    expect(found.map(([key, text]) => `${key} ${text}`)).toEqual([]);
  });

  it('invite problems ask "a quem convidou você" for a new link', () => {
    const invite = ALL.filter(([key]) => key.startsWith('classes:invite.problems.'));
    for (const name of ['unknown', 'expired', 'revoked', 'used_up', 'email_mismatch']) {
      const [, body] = invite.find(([key]) => key === `classes:invite.problems.${name}.body`)!;
      expect(body).toMatch(/peça um novo link a quem convidou você\./i);
    }
  });

  it('keeps the spec’s own words', () => {
    const texts = new Set(ALL.map(([, text]) => text));
    expect(
      texts.has('Você ainda não está em nenhuma turma. Aguarde um convite do professor.'),
    ).toBe(true);
  });
});
