/**
 * Seed generator for the conversations benchmark (bench/conversations.ts): ONE student with
 * 10,000 conversations × 20 messages (200,000 messages) of varied Portuguese tutoring text (accents
 * included, so accent-insensitive search has real work), written straight into a migrated database
 * (SQLite file or PostgreSQL). The full-text indexes are filled exactly as the app fills them:
 * SQLite through the migrations' FTS5 triggers (the rows go through them one by one); PostgreSQL's
 * per-conversation search documents are computed after the load by the same SQL function the
 * triggers call (migration 0007), and its GIN index built from its own definition. Deterministic: one
 * seeded PRNG; only the session token (`createBenchSession`) is random.
 *
 * CLI: `node bench/seed-conversations.ts <DATABASE_URL>` (migrates first). BENCH_SCALE=0.01 seeds
 * 1 % of the conversations (for trying things out).
 */
import SQLite from 'better-sqlite3';
import {
  BASE_MS,
  DAY_MS,
  insertSessions,
  isPostgres,
  iso,
  loadPostgres,
  prng,
  seedCli,
  sqlitePath,
  uuidv7,
  type InsertRows,
  type Rng,
} from './seed-lib.ts';

export interface ConversationSeedSizes {
  conversations: number;
  messagesPerConversation: number;
  pinned: number;
}

export function conversationSeedSizes(
  scale = Number(process.env.BENCH_SCALE ?? 1),
): ConversationSeedSizes {
  return {
    conversations: Math.max(1, Math.round(10_000 * scale)),
    messagesPerConversation: 20,
    pinned: 12,
  };
}

/** Bump when the generated data changes shape (part of the bench cache key). */
export const CONVERSATION_SEED_VERSION = 2;

/** The one user whose conversations are seeded. */
export const BENCH_USER = {
  id: '019b7a00-0000-7000-8000-0000000be7c4',
  name: 'Júlia Conceição',
  email: 'julia.conceicao@bench.aprenda.dev',
};

const MODEL = 'openai:gpt-4.1-mini';

interface Topic {
  titles: string[];
  questions: string[];
  facts: string[];
}

/** What a student asks about, and what a tutor says about it. */
const TOPICS: Topic[] = [
  {
    titles: ['Fotossíntese', 'Dúvida sobre fotossíntese', 'Fotossíntese e respiração celular'],
    questions: [
      'Como funciona a fotossíntese?',
      'Qual é o papel da clorofila na fotossíntese?',
      'Por que as plantas precisam de luz para fazer fotossíntese?',
      'Qual a diferença entre fotossíntese e respiração?',
    ],
    facts: [
      'A fotossíntese transforma energia luminosa em energia química, guardada na glicose.',
      'A clorofila absorve sobretudo a luz azul e a vermelha e reflete o verde.',
      'Na fase clara, a água é quebrada e o oxigênio é liberado para a atmosfera.',
      'No ciclo de Calvin, o gás carbônico do ar é fixado em açúcares.',
      'Os cloroplastos são as organelas onde a fotossíntese acontece.',
    ],
  },
  {
    titles: ['Mitocôndria', 'Respiração celular', 'Organelas da célula'],
    questions: [
      'O que a mitocôndria faz na célula?',
      'Por que dizem que a mitocôndria é a usina de energia da célula?',
      'Como a glicose vira ATP?',
    ],
    facts: [
      'A mitocôndria produz ATP pela respiração celular aeróbica.',
      'A glicólise acontece no citoplasma e rende pouco ATP.',
      'O ciclo de Krebs ocorre na matriz mitocondrial.',
      'A cadeia respiratória usa o oxigênio como aceptor final de elétrons.',
    ],
  },
  {
    titles: ['Equação do 2º grau', 'Bhaskara', 'Exercícios de equação quadrática'],
    questions: [
      'Como resolvo uma equação do segundo grau?',
      'Para que serve o discriminante delta?',
      'Quando uma equação do 2º grau não tem solução real?',
    ],
    facts: [
      'Na fórmula de Bhaskara, x = (−b ± √Δ) / 2a, com Δ = b² − 4ac.',
      'Se o delta é negativo, não há raízes reais.',
      'A soma das raízes é −b/a e o produto é c/a.',
      'O gráfico de uma função quadrática é uma parábola.',
    ],
  },
  {
    titles: ['Revolução Francesa', 'Queda da Bastilha', 'Iluminismo e Revolução Francesa'],
    questions: [
      'Quais foram as causas da Revolução Francesa?',
      'O que significou a queda da Bastilha?',
      'Como o Iluminismo influenciou a Revolução Francesa?',
    ],
    facts: [
      'A Revolução Francesa começou em 1789, em meio a uma crise fiscal e à fome.',
      'A sociedade era dividida em três estados, e o terceiro pagava quase todos os impostos.',
      'A Declaração dos Direitos do Homem e do Cidadão afirmou a igualdade perante a lei.',
      'O período do Terror foi liderado pelos jacobinos.',
    ],
  },
  {
    titles: ['Independência do Brasil', 'Brasil Império', 'Dom Pedro I'],
    questions: [
      'Por que o Brasil se tornou independente em 1822?',
      'Qual foi o papel de Dom Pedro I na independência?',
      'O que mudou depois da independência?',
    ],
    facts: [
      'A vinda da família real portuguesa em 1808 mudou a posição do Brasil no império.',
      'O Dia do Fico, em 1822, marcou a recusa de Dom Pedro em voltar a Portugal.',
      'A independência foi proclamada às margens do Ipiranga.',
      'A Constituição de 1824 criou o Poder Moderador.',
    ],
  },
  {
    titles: ['Leis de Newton', 'Força e movimento', 'Inércia'],
    questions: [
      'O que diz a primeira lei de Newton?',
      'Como calculo a força resultante?',
      'Por que sentimos um tranco quando o ônibus freia?',
    ],
    facts: [
      'A primeira lei, da inércia, diz que um corpo tende a manter seu estado de movimento.',
      'A segunda lei relaciona força, massa e aceleração: F = m·a.',
      'A terceira lei diz que toda ação tem uma reação de mesma intensidade e sentido oposto.',
      'A unidade de força no Sistema Internacional é o newton.',
    ],
  },
  {
    titles: ['Tabela periódica', 'Ligações químicas', 'Distribuição eletrônica'],
    questions: [
      'Como a tabela periódica é organizada?',
      'Qual a diferença entre ligação iônica e covalente?',
      'Como faço a distribuição eletrônica de Linus Pauling?',
    ],
    facts: [
      'Os elementos estão em ordem crescente de número atômico.',
      'Os elementos de uma mesma família têm propriedades químicas parecidas.',
      'Na ligação iônica há transferência de elétrons; na covalente, compartilhamento.',
      'Os gases nobres têm a camada de valência completa.',
    ],
  },
  {
    titles: ['Orações subordinadas', 'Análise sintática', 'Crase'],
    questions: [
      'Quando uso crase?',
      'Como identifico uma oração subordinada adverbial?',
      'Qual a diferença entre sujeito e predicado?',
    ],
    facts: [
      'A crase é a fusão da preposição "a" com o artigo "a".',
      'Antes de palavras masculinas, em regra, não há crase.',
      'A oração subordinada depende sintaticamente da oração principal.',
      'O predicado é tudo o que se declara sobre o sujeito.',
    ],
  },
  {
    titles: ['Redação do ENEM', 'Proposta de intervenção', 'Dissertação argumentativa'],
    questions: [
      'Como estruturo uma redação dissertativo-argumentativa?',
      'O que não pode faltar na proposta de intervenção?',
      'Como uso repertório sociocultural na redação?',
    ],
    facts: [
      'A redação tem introdução, desenvolvimento e conclusão.',
      'A proposta de intervenção precisa de agente, ação, meio, finalidade e detalhamento.',
      'Os argumentos devem ser coerentes com a tese apresentada.',
      'A coesão depende do bom uso de conectivos.',
    ],
  },
  {
    titles: ['Ciclo da água', 'Mudanças de estado físico', 'Chuva e evaporação'],
    questions: [
      'Como funciona o ciclo da água?',
      'O que é condensação?',
      'Por que a evaporação acontece mesmo sem ferver?',
    ],
    facts: [
      'A evaporação leva a água dos oceanos e rios para a atmosfera.',
      'Na condensação, o vapor forma gotículas que compõem as nuvens.',
      'A precipitação devolve a água à superfície como chuva, neve ou granizo.',
      'A transpiração das plantas também contribui para o ciclo.',
    ],
  },
  {
    titles: ['Frações', 'Porcentagem', 'Regra de três'],
    questions: [
      'Como somo frações com denominadores diferentes?',
      'Como calculo 15% de um valor?',
      'Quando uso regra de três inversa?',
    ],
    facts: [
      'Para somar frações, use o mínimo múltiplo comum dos denominadores.',
      'Porcentagem é uma fração de denominador cem.',
      'Na regra de três inversa, quando uma grandeza aumenta, a outra diminui.',
      'Simplificar uma fração é dividir numerador e denominador pelo mesmo número.',
    ],
  },
  {
    titles: ['Geometria plana', 'Teorema de Pitágoras', 'Áreas e perímetros'],
    questions: [
      'Como uso o teorema de Pitágoras?',
      'Como calculo a área de um triângulo?',
      'Qual a diferença entre área e perímetro?',
    ],
    facts: [
      'Em um triângulo retângulo, a² = b² + c², com a sendo a hipotenusa.',
      'A área do triângulo é base vezes altura dividido por dois.',
      'O perímetro é a soma das medidas dos lados.',
      'A área do círculo é π·r².',
    ],
  },
  {
    titles: ['Clima e vegetação', 'Biomas brasileiros', 'Amazônia'],
    questions: [
      'Quais são os biomas brasileiros?',
      'Por que a Amazônia é importante para o clima?',
      'O que caracteriza o Cerrado?',
    ],
    facts: [
      'O Brasil tem seis biomas: Amazônia, Cerrado, Caatinga, Mata Atlântica, Pampa e Pantanal.',
      'A floresta amazônica influencia as chuvas de boa parte do continente.',
      'O Cerrado tem árvores de troncos retorcidos e raízes profundas.',
      'A Caatinga é adaptada a longos períodos de seca.',
    ],
  },
  {
    titles: ['Genética', 'Leis de Mendel', 'Herança genética'],
    questions: [
      'O que diz a primeira lei de Mendel?',
      'Como monto um quadro de Punnett?',
      'O que são genes dominantes e recessivos?',
    ],
    facts: [
      'Mendel estudou ervilhas e a transmissão de características.',
      'A primeira lei fala da segregação dos fatores na formação dos gametas.',
      'Um alelo recessivo só se manifesta em dose dupla.',
      'O DNA é formado por nucleotídeos com as bases adenina, timina, citosina e guanina.',
    ],
  },
  {
    titles: ['Inglês: present perfect', 'Verbos irregulares', 'Inglês para a prova'],
    questions: [
      'Quando uso o present perfect em inglês?',
      'Qual a diferença entre "since" e "for"?',
      'Como decoro os verbos irregulares?',
    ],
    facts: [
      'O present perfect liga uma ação do passado ao presente.',
      '"Since" indica o ponto de partida; "for", a duração.',
      'Agrupar os verbos irregulares por padrão de som ajuda a memorizar.',
      'Ler textos curtos em inglês todos os dias amplia o vocabulário.',
    ],
  },
  {
    titles: ['Filosofia grega', 'Sócrates e Platão', 'Mito da caverna'],
    questions: [
      'O que Platão quis dizer com o mito da caverna?',
      'Qual era o método de Sócrates?',
      'Qual a diferença entre Platão e Aristóteles?',
    ],
    facts: [
      'O mito da caverna fala da passagem da ignorância ao conhecimento.',
      'Sócrates usava perguntas para levar o interlocutor a rever suas certezas.',
      'Aristóteles valorizava a observação da experiência sensível.',
      'A filosofia grega buscava explicações racionais para o mundo.',
    ],
  },
  {
    titles: ['Eletricidade', 'Circuitos elétricos', 'Lei de Ohm'],
    questions: [
      'O que diz a lei de Ohm?',
      'Qual a diferença entre circuito em série e em paralelo?',
      'Por que o chuveiro elétrico gasta tanta energia?',
    ],
    facts: [
      'A lei de Ohm relaciona tensão, corrente e resistência: U = R·i.',
      'Em série, a corrente é a mesma em todos os resistores.',
      'Em paralelo, a tensão é a mesma em todos os ramos.',
      'A potência elétrica é o produto da tensão pela corrente.',
    ],
  },
  {
    titles: ['Funções', 'Função afim', 'Gráficos de funções'],
    questions: [
      'Como encontro o coeficiente angular de uma reta?',
      'O que é o domínio de uma função?',
      'Como sei se uma função é crescente?',
    ],
    facts: [
      'Na função afim f(x) = ax + b, o coeficiente a indica a inclinação.',
      'Se a é positivo, a função é crescente.',
      'O domínio é o conjunto de valores que x pode assumir.',
      'O ponto em que o gráfico corta o eixo y é (0, b).',
    ],
  },
];

const OPENERS = [
  'Oi! ',
  'Olá, ',
  'Professor, ',
  'Tenho prova amanhã: ',
  'Não entendi na aula: ',
  'Pode me ajudar? ',
  '',
  '',
];
const FOLLOW_UPS = [
  'Pode explicar de outro jeito?',
  'Não entendi essa parte, pode dar um exemplo?',
  'E se fosse ao contrário, o que aconteceria?',
  'Acho que a resposta é a segunda opção, está certo?',
  'Obrigada! Pode me passar um exercício parecido?',
  'Como isso cai no vestibular?',
  'Qual é o erro mais comum nesse assunto?',
  'Fiz o exercício e cheguei em outro resultado. Onde errei?',
  'Pode resumir em tópicos?',
  'Isso tem relação com o que vimos na semana passada?',
];
const TUTOR_MOVES = [
  'Ótima pergunta! Vamos pensar juntos.',
  'Antes de responder, o que você já sabe sobre isso?',
  'Tente explicar com as suas palavras o primeiro passo.',
  'Você está no caminho certo; falta só um detalhe.',
  'Que tal começar por um exemplo do dia a dia?',
  'Repare no que acontece quando mudamos só uma condição.',
  'Isso mesmo! Agora, por que você acha que funciona assim?',
  'Vamos revisar o raciocínio com calma, parte por parte.',
  'Qual conclusão você tira disso?',
  'Uma dica: releia o enunciado e destaque os dados.',
];

/** One conversation's title and messages (alternating user/assistant, user first). */
function conversationText(rng: Rng, n: number, index: number) {
  const topic = rng.pick(TOPICS);
  // 4 % untitled (shown as "Untitled conversation"), else a topic title, sometimes numbered.
  const title =
    rng.next() < 0.04
      ? ''
      : `${rng.pick(topic.titles)}${rng.next() < 0.3 ? ` (parte ${2 + rng.int(4)})` : ''}`;
  const texts: string[] = [];
  for (let k = 0; k < n; k++) {
    if (k % 2 === 0) {
      const ask = k === 0 || rng.next() < 0.45 ? rng.pick(topic.questions) : rng.pick(FOLLOW_UPS);
      texts.push(`${k === 0 ? rng.pick(OPENERS) : ''}${ask}`);
    } else {
      const parts: string[] = [rng.pick(TUTOR_MOVES)];
      const sentences = 2 + rng.int(4);
      for (let s = 0; s < sentences; s++) {
        // Now and then a link to another subject (search results span topics, as in real use).
        const from = rng.next() < 0.06 ? rng.pick(TOPICS) : topic;
        const fact = rng.pick(from.facts);
        if (!parts.includes(fact)) parts.push(fact);
      }
      if (rng.next() < 0.5) parts.push(rng.pick(TUTOR_MOVES));
      if (rng.next() < 0.15) parts.push(`Exercício ${1 + ((index * 7 + k) % 40)}: tente agora.`);
      texts.push(parts.join(' '));
    }
  }
  return { title, texts };
}

const CONVERSATION_COLUMNS = [
  'id',
  'user_id',
  'title',
  'mode',
  'class_id',
  'pinned',
  'created_at',
  'updated_at',
  'last_message_at',
  'activity_at',
];
const MESSAGE_COLUMNS = [
  'id',
  'conversation_id',
  'seq',
  'role',
  'text',
  'status',
  'error_code',
  'model',
  'created_at',
  'updated_at',
];

interface Sink {
  user(row: unknown[]): Promise<void>;
  insert(table: 'conversations' | 'messages', rows: unknown[][]): Promise<void>;
}

const BATCH = 500; // conversations per batch (10,000 messages)

async function generate(sink: Sink, sizes: ConversationSeedSizes) {
  const rng = prng(20260401);
  const counts = { conversations: 0, messages: 0 };
  const joined = BASE_MS - 800 * DAY_MS;
  await sink.user([
    BENCH_USER.id,
    BENCH_USER.name,
    BENCH_USER.email,
    true,
    null,
    iso(joined),
    iso(joined),
    'student',
  ]);
  const pinned = new Set<number>();
  while (pinned.size < Math.min(sizes.pinned, sizes.conversations)) {
    pinned.add(rng.int(sizes.conversations));
  }
  // Created over the 730 days before BASE, oldest first; each lasts a few minutes.
  const span = 730 * DAY_MS;
  let conversations: unknown[][] = [];
  let messages: unknown[][] = [];
  for (let i = 0; i < sizes.conversations; i++) {
    const created = BASE_MS - span + Math.floor((i / sizes.conversations) * span) + rng.int(60_000);
    const id = uuidv7(created, rng);
    const { title, texts } = conversationText(rng, sizes.messagesPerConversation, i);
    let at = created;
    for (const [k, text] of texts.entries()) {
      at += 5_000 + rng.int(k % 2 === 0 ? 120_000 : 15_000);
      const assistant = k % 2 === 1;
      messages.push([
        uuidv7(at, rng),
        id,
        k + 1,
        assistant ? 'assistant' : 'user',
        text,
        'complete',
        null,
        assistant ? MODEL : null,
        iso(at),
        iso(at),
      ]);
      counts.messages++;
    }
    const last = texts.length > 0 ? iso(at) : null;
    conversations.push([
      id,
      BENCH_USER.id,
      title,
      'socratic',
      null,
      pinned.has(i) ? 1 : 0,
      iso(created),
      last ?? iso(created),
      last,
      last ?? iso(created),
    ]);
    counts.conversations++;
    if (conversations.length >= BATCH) {
      await sink.insert('conversations', conversations);
      await sink.insert('messages', messages);
      conversations = [];
      messages = [];
    }
  }
  if (conversations.length > 0) {
    await sink.insert('conversations', conversations);
    await sink.insert('messages', messages);
  }
  return counts;
}

const USER_SQL = (p: (i: number) => string) =>
  `insert into "user" ("id", "name", "email", "emailVerified", "image", "createdAt", "updatedAt", "role")
   values (${[1, 2, 3, 4, 5, 6, 7, 8].map(p).join(', ')})`;

export interface ConversationSeedResult {
  ms: number;
  counts: { conversations: number; messages: number };
}

/**
 * Fill a freshly migrated database with the benchmark's user and conversations. SQLite: one
 * transaction, rows through the FTS5 triggers (as the app writes them), then ANALYZE. PostgreSQL:
 * unnest() batches with the loaded tables' secondary indexes (the GIN full-text ones included)
 * dropped and re-created from their own definitions, then VACUUM ANALYZE.
 */
export async function seedConversations(
  url: string,
  sizes = conversationSeedSizes(),
): Promise<ConversationSeedResult> {
  const started = performance.now();
  const counts = isPostgres(url) ? await seedPostgres(url, sizes) : await seedSqlite(url, sizes);
  return { ms: performance.now() - started, counts };
}

async function seedSqlite(url: string, sizes: ConversationSeedSizes) {
  const db = new SQLite(sqlitePath(url));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -500000');
    const statements = {
      conversations: db.prepare(
        `insert into conversations (${CONVERSATION_COLUMNS.join(', ')})
         values (${CONVERSATION_COLUMNS.map(() => '?').join(', ')})`,
      ),
      messages: db.prepare(
        `insert into messages (${MESSAGE_COLUMNS.join(', ')})
         values (${MESSAGE_COLUMNS.map(() => '?').join(', ')})`,
      ),
    };
    const sink: Sink = {
      async user(row) {
        db.prepare(USER_SQL(() => '?')).run(row.map((v) => (typeof v === 'boolean' ? +v : v)));
      },
      async insert(table, rows) {
        for (const row of rows) statements[table].run(row);
      },
    };
    db.exec('begin');
    const counts = await generate(sink, sizes);
    db.exec('commit');
    // What a long-lived database converges to (FTS5 merges its segments as it goes).
    db.exec(`insert into conversation_search(conversation_search) values ('optimize')`);
    db.exec('analyze');
    db.pragma('wal_checkpoint(TRUNCATE)');
    return counts;
  } finally {
    db.close();
  }
}

function seedPostgres(url: string, sizes: ConversationSeedSizes) {
  return loadPostgres(url, ['conversations', 'messages'], async (insert: InsertRows, client) => {
    const counts = await generate(
      {
        async user(row) {
          await client.query(
            USER_SQL((i) => `$${i}`),
            row,
          );
        },
        insert: (table, rows) =>
          insert(table, table === 'conversations' ? CONVERSATION_COLUMNS : MESSAGE_COLUMNS, rows),
      },
      sizes,
    );
    // The load skips triggers (session_replication_role = replica): build each conversation's
    // search document with the function the app's triggers use (migration 0007).
    await client.query(`update conversations set search_doc = aprenda_conversation_doc(id, title)`);
    return counts;
  });
}

/**
 * A Better Auth session (7 days) for the bench user, inserted directly. Returns the bearer token as
 * Better Auth hands it out (`set-auth-token`): `<token>.<base64 HMAC-SHA-256(secret, token)>`.
 */
export async function createBenchSession(url: string, secret: string): Promise<string> {
  const { tokens } = await insertSessions(url, secret, async () => [BENCH_USER.id]);
  return tokens[0]!;
}

seedCli('bench/seed-conversations.ts', '<DATABASE_URL>', async (url) => {
  const result = await seedConversations(url);
  console.log(
    `[seed] ${result.counts.conversations} conversations, ${result.counts.messages} messages ` +
      `in ${(result.ms / 1000).toFixed(1)} s`,
  );
});
