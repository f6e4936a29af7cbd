import type { Kysely } from 'kysely';

/**
 * Issue 12: a catalogue of skills that flashcards (and later exercises and the adaptive tool)
 * point to — `skills` (docs/api/skills.md). A code (the BNCC's `EF06MA03`…) is optional and
 * unique when present (several NULLs are allowed on both engines). `built_in` = 1 for the starter
 * list below (no author); a teacher's own skills keep `built_in` 0 even when their account goes
 * and `created_by` becomes NULL. `search` is the folded "code name" (lower case, no accents) that
 * GET /skills?q= matches with LIKE; `sort_key` orders the list: coded skills by code first
 * ('0' + code), then the others by name ('1' + folded name).
 *
 * The starter list (Matemática, 6º–9º ano, BNCC codes with short names of our own) is inserted
 * here rather than by the demo seed: the seed runs only on an empty database outside production,
 * while every database — a school's included — runs its migrations. Fixed ids (`bncc-ef06ma03`)
 * let fixtures and later seeds point to them.
 */
const STARTER: ReadonlyArray<readonly [code: string, name: string]> = [
  ['EF06MA01', 'Números naturais e racionais: leitura, escrita e ordem'],
  ['EF06MA02', 'Sistema de numeração decimal'],
  ['EF06MA03', 'Operações com números naturais'],
  ['EF06MA05', 'Múltiplos, divisores e números primos'],
  ['EF06MA07', 'Frações: comparação e equivalência'],
  ['EF06MA08', 'Frações e números decimais'],
  ['EF06MA13', 'Porcentagem'],
  ['EF06MA17', 'Prismas e pirâmides: vértices, faces e arestas'],
  ['EF06MA24', 'Grandezas e medidas'],
  ['EF06MA32', 'Leitura de tabelas e gráficos'],
  ['EF07MA04', 'Operações com números inteiros'],
  ['EF07MA12', 'Operações com números racionais'],
  ['EF07MA13', 'Variáveis e expressões algébricas'],
  ['EF07MA17', 'Grandezas direta e inversamente proporcionais'],
  ['EF07MA18', 'Equações do 1º grau'],
  ['EF07MA24', 'Triângulos: existência e soma dos ângulos internos'],
  ['EF07MA33', 'O número π e o comprimento da circunferência'],
  ['EF07MA34', 'Probabilidade em experimentos aleatórios'],
  ['EF07MA35', 'Média estatística'],
  ['EF08MA01', 'Potências e notação científica'],
  ['EF08MA02', 'Potenciação e radiciação'],
  ['EF08MA03', 'Princípio multiplicativo da contagem'],
  ['EF08MA06', 'Valor numérico de expressões algébricas'],
  ['EF08MA08', 'Sistemas de equações do 1º grau'],
  ['EF08MA09', 'Equações do 2º grau do tipo ax² = b'],
  ['EF08MA14', 'Propriedades dos quadriláteros'],
  ['EF08MA19', 'Área de figuras planas'],
  ['EF08MA22', 'Probabilidade e espaço amostral'],
  ['EF08MA25', 'Média, moda e mediana'],
  ['EF09MA01', 'Números irracionais'],
  ['EF09MA03', 'Cálculos com números reais'],
  ['EF09MA05', 'Porcentagens sucessivas e educação financeira'],
  ['EF09MA06', 'Funções: noção e representações'],
  ['EF09MA08', 'Proporcionalidade entre grandezas'],
  ['EF09MA09', 'Fatoração e equações do 2º grau'],
  ['EF09MA10', 'Retas paralelas cortadas por uma transversal'],
  ['EF09MA12', 'Semelhança de triângulos'],
  ['EF09MA13', 'Relações métricas no triângulo retângulo'],
  ['EF09MA14', 'Teorema de Pitágoras: aplicações'],
  ['EF09MA16', 'Ponto médio e distância no plano cartesiano'],
  ['EF09MA19', 'Volume de prismas e cilindros'],
  ['EF09MA20', 'Eventos dependentes e independentes'],
];

/** Lower case without accents (frozen copy of the service's folding, as of this migration). */
function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

const CREATED_AT = '2026-01-01T00:00:00.000Z';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('skills')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('built_in', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('search', 'text', (c) => c.notNull())
    .addColumn('sort_key', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('skills_sort_idx').on('skills').columns(['sort_key', 'id']).execute();

  const rows = STARTER.map(([code, name]) => ({
    id: `bncc-${code.toLowerCase()}`,
    code,
    name,
    built_in: 1,
    search: fold(`${code} ${name}`),
    sort_key: `0${code}`,
    created_by: null,
    created_at: CREATED_AT,
  }));
  await (db as Kysely<{ skills: (typeof rows)[number] }>)
    .insertInto('skills')
    .values(rows)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('skills').ifExists().execute();
}
