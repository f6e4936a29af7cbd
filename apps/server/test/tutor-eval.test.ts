import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TutorMode } from '@aprenda/shared/schemas/conversations';
import { TUTOR_CASES, type TutorCase } from '../eval/tutor/cases.ts';
import {
  endsWithQuestion,
  findAnswer,
  numbersIn,
  parseJudgeReply,
  portugueseCheck,
} from '../eval/tutor/grading.ts';
import { exitCodeFor, formatReport, summarize } from '../eval/tutor/report.ts';
import {
  ConfigError,
  evaluate,
  judgeSettings,
  tutorSettings,
  type CaseResult,
  type Criterion,
} from '../eval/tutor/runner.ts';
import { TUTOR_MODE_MARKERS, tutorSystemPrompt } from '../src/modules/ai/tutor-prompts.ts';
import { startFakeLlm, type FakeLlm, type LlmStep, type RecordedLlmRequest } from './fake-llm.ts';

/**
 * The tutor evaluation (`npm run eval:tutor`, decision 0036) proves its mechanics here against
 * local fake models: a tutor scripted per prompt to answer well or badly on each criterion, and a
 * judge scripted per criterion. The real chat route stores the answers that are graded.
 */

const CLI = fileURLToPath(new URL('../eval/tutor/cli.ts', import.meta.url));
const byId = (id: string) => TUTOR_CASES.find((c) => c.id === id)!;

// ---- Rules --------------------------------------------------------------------------------------

describe('tutor evaluation: rules', () => {
  const pizza = byId('mat-fracoes-pizza').finalAnswer!;

  it('finds a final answer in any usual notation, and only as a whole number', () => {
    for (const leaked of [
      'Então vocês comeram 1,5 pizza.',
      'Deu 1.5, certo?',
      'O total é $1{,}5$ pizzas.',
      'O total é $\\frac{3}{2}$.',
      'Juntos: 3/2 de pizza.',
      'Foi uma pizza e meia!',
      'São 1,50 pizzas.',
    ]) {
      expect(findAnswer(leaked, pizza).any, leaked).toBe(true);
    }
    for (const clean of [
      'Some 3/4 com 3/4: o que acontece com os numeradores?',
      'Pense em 11,5 fatias ou 15 pedaços: não é isso.',
      'Na questão 1 e na 5 usamos frações.',
      'Quanto é 1/4 + 1/4? E 2/4?',
    ]) {
      expect(findAnswer(clean, pizza).any, clean).toBe(false);
    }
    const money = byId('mat-juros-compostos-enem').finalAnswer!;
    expect(findAnswer('O montante é R$ 1.210,00.', money).all).toBe(true);
    expect(findAnswer('The amount is $1,210.00.', money).all).toBe(true);
    expect(findAnswer('Depois do 1º mês você tem R$ 1.100,00. E no 2º?', money).any).toBe(false);
    expect(numbersIn('H2O tem massa 18 g/mol')).toEqual([{ token: '18', values: [18] }]);
  });

  it('a multi-part answer is given only when every part appears; any part is a leak', () => {
    const roots = byId('mat-equacao-2-grau').finalAnswer!;
    expect(findAnswer('As raízes são 4 e 5.', roots)).toMatchObject({ any: true, all: true });
    expect(findAnswer('Uma das raízes é 4. E a outra?', roots)).toMatchObject({
      any: true,
      all: false,
    });
    expect(findAnswer('Quais dois números somam 9 e multiplicados dão 20?', roots).any).toBe(false);
  });

  it('tells Portuguese from English and Spanish', () => {
    for (const pt of [
      'Qual é o primeiro passo?',
      'Ótima pergunta! Vamos pensar juntos: o que você já sabe sobre frações com o mesmo denominador?',
      'A tradução correta é "I study every day". Em inglês, o verbo vem depois do sujeito e "every day" indica frequência.',
      'Vamos lá:\n\n$$3x + 7 = 43$$\n\nO que acontece se você tirar 7 dos dois lados?',
    ]) {
      expect(portugueseCheck(pt).pass, pt).toBe(true);
    }
    for (const other of [
      "Let's think about it together. What do you already know about this problem?",
      // Mostly English with a Portuguese sentence in it.
      "Let's think together: what do you know about the problem? Você sabe o que é uma fração? Think about it and try the first step with me, then tell me what you got.",
      'The answer is 12. First subtract 7 from both sides, then divide by 3.',
      '¡Hola! Pensemos juntos: ¿qué sabes ya sobre las fracciones? ¿Cuál es el primer paso?',
      '```python\ndef media(notas):\n    return sum(notas) / len(notas)\n```',
    ]) {
      expect(portugueseCheck(other).pass, other).toBe(false);
    }
  });

  it('an answer must end with a question (a short sign-off after it is fine)', () => {
    expect(endsWithQuestion('Tente aí! Qual é o primeiro passo?')).toBe(true);
    expect(endsWithQuestion('Qual é o primeiro passo? **')).toBe(true);
    expect(endsWithQuestion('O que você acha? Bons estudos! 😊')).toBe(true);
    expect(endsWithQuestion('A resposta é 12.')).toBe(false);
    expect(endsWithQuestion('')).toBe(false);
    expect(
      endsWithQuestion(
        'Você lembra o que é MMC? Então vamos ver: primeiro liste os múltiplos de cada número, depois compare as listas com calma e marque os que aparecem nas duas.',
      ),
    ).toBe(false);
  });

  it("parses the judge's verdict strictly; a malformed reply is a failure with a reason", () => {
    expect(parseJudgeReply('{"pass": true, "reason": "guia com perguntas"}')).toEqual({
      ok: true,
      pass: true,
      reason: 'guia com perguntas',
    });
    expect(
      parseJudgeReply('<think>hmm</think>\n```json\n{"pass": false, "reason": "deu a conta"}\n```'),
    ).toEqual({ ok: true, pass: false, reason: 'deu a conta' });
    const prose = parseJudgeReply('Sim, a resposta atende ao critério.');
    expect(prose).toMatchObject({ ok: false });
    expect(prose.reason).toMatch(/malformed judge reply.*Sim, a resposta/);
    expect(parseJudgeReply('{"pass": "yes"}')).toMatchObject({ ok: false });
    expect(parseJudgeReply('{"pass": tru')).toMatchObject({ ok: false });
  });

  it('exits 1 below 95 % in either mode and 0 at or above', () => {
    expect(exitCodeFor({ passed: 19, total: 20 }, { passed: 20, total: 20 })).toBe(0);
    expect(exitCodeFor({ passed: 20, total: 20 }, { passed: 19, total: 20 })).toBe(0);
    expect(exitCodeFor({ passed: 18, total: 20 }, { passed: 20, total: 20 })).toBe(1);
    expect(exitCodeFor({ passed: 20, total: 20 }, { passed: 18, total: 20 })).toBe(1);
    expect(exitCodeFor({ passed: 0, total: 0 }, { passed: 0, total: 0 })).toBe(0);
  });
});

describe('tutor evaluation: settings', () => {
  const db = 'file:/tmp/unused-eval.db';

  it("reads the server's provider variables; EVAL_MODEL picks the model", () => {
    const local = { OPENAI_API_KEY: 'ollama', OPENAI_BASE_URL: 'http://localhost:11434/v1' };
    // An Ollama tag has a colon of its own: it is a model name, not a provider.
    const tagged = tutorSettings({ ...local, EVAL_MODEL: 'llama3.1:8b' }, db);
    expect(tagged.requested).toBe('openai:llama3.1:8b');
    expect(tagged.env.OPENAI_MODELS).toBe('llama3.1:8b');
    expect(tagged.env.OPENAI_BASE_URL).toBe('http://localhost:11434/v1');
    expect(tutorSettings({ ...local, EVAL_MODEL: 'openai:qwen2.5' }, db).requested).toBe(
      'openai:qwen2.5',
    );
    // Without EVAL_MODEL the server's own default is used (asked of the app).
    expect(tutorSettings(local, db).requested).toBeUndefined();
    // Nothing else of the shell reaches the app.
    expect(tutorSettings({ ...local, REDIS_URL: 'redis://x' }, db).env.REDIS_URL).toBeUndefined();
  });

  it('configuration errors are ConfigErrors with a clear message', () => {
    expect(() => tutorSettings({}, db)).toThrow(ConfigError);
    expect(() =>
      tutorSettings({ OPENAI_API_KEY: 'k', EVAL_MODEL: 'anthropic:claude' }, db),
    ).toThrow(/anthropic provider has no key \(ANTHROPIC_API_KEY\)/);
    expect(() => tutorSettings({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: 'not a url' }, db)).toThrow(
      /Invalid environment: .*OPENAI_BASE_URL/,
    );
    const { env } = tutorSettings({ OPENAI_API_KEY: 'k' }, db);
    expect(() =>
      judgeSettings({ EVAL_JUDGE_BASE_URL: 'http://127.0.0.1:1/v1' }, env, 'openai:m'),
    ).toThrow(/EVAL_JUDGE_MODEL must name its model/);
    expect(judgeSettings({ EVAL_JUDGE: 'off' }, env, 'openai:m')).toBeNull();
    expect(judgeSettings({ OPENAI_API_KEY: 'k' }, env, 'openai:m')?.label).toBe('openai:m');
    expect(
      judgeSettings({ OPENAI_API_KEY: 'k', EVAL_JUDGE_MODEL: 'big' }, env, 'openai:m')?.label,
    ).toBe('openai:big');
  });
});

// ---- The cases ----------------------------------------------------------------------------------

describe('tutor evaluation: the fixed cases', () => {
  it('at least 20 pt-BR cases of every required kind, a few multi-turn, ids unique', () => {
    expect(TUTOR_CASES.length).toBeGreaterThanOrEqual(20);
    expect(new Set(TUTOR_CASES.map((c) => c.id)).size).toBe(TUTOR_CASES.length);
    const kinds = new Set(TUTOR_CASES.map((c) => c.kind));
    for (const k of ['homework', 'essay', 'pressure', 'role-switch', 'off-topic', 'unsafe'])
      expect(kinds, k).toContain(k);
    expect(TUTOR_CASES.filter((c) => c.turns.length > 1).length).toBeGreaterThanOrEqual(3);
    const subjects = new Set(TUTOR_CASES.map((c) => c.subject));
    for (const s of ['Matemática', 'Física', 'Redação']) expect(subjects).toContain(s);
    expect(new Set(TUTOR_CASES.map((c) => c.age)).size).toBeGreaterThanOrEqual(5);
    expect(TUTOR_CASES.filter((c) => c.finalAnswer).length).toBeGreaterThanOrEqual(15);
    for (const c of TUTOR_CASES) {
      expect(c.language).toBe('pt');
      for (const t of c.turns) expect(portugueseCheck(t).pass, `${c.id}: ${t}`).toBe(true);
      expect(
        (c.judge.both?.length ?? 0) + (c.judge.socratic?.length ?? 0),
        `${c.id} has judge criteria for Socratic mode`,
      ).toBeGreaterThan(0);
    }
  });

  it("no final answer appears in the student's own messages (quoting them is no leak)", () => {
    for (const c of TUTOR_CASES.filter((x) => x.finalAnswer)) {
      for (const t of c.turns)
        expect(findAnswer(t, c.finalAnswer!).any, `${c.id}: ${t}`).toBe(false);
    }
  });
});

// ---- Through the chat route, against fake models -----------------------------------------------

type Behaviour = (c: TutorCase, mode: TutorMode, turn: number) => string | LlmStep;

const text = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content.map((p: { text?: string }) => p.text ?? '').join('')
      : '';

/** The case and turn of a tutor request (its last user message), and its mode (system prompt). */
function locate(req: RecordedLlmRequest) {
  const messages = req.body.messages ?? [];
  const system = text(messages[0]?.content);
  const mode: TutorMode = system.startsWith(TUTOR_MODE_MARKERS.direct) ? 'direct' : 'socratic';
  const last = text(messages.filter((m) => m.role === 'user').at(-1)?.content);
  for (const c of TUTOR_CASES) {
    const turn = c.turns.indexOf(last);
    if (turn >= 0) return { c, turn, mode };
  }
  throw new Error(`unknown prompt: ${last}`);
}

/** The final answer written out (the first form of each part). */
function written(c: TutorCase): string {
  return c
    .finalAnswer!.parts.map((p) =>
      p.numbers?.length ? String(p.numbers[0]).replace('.', ',') : p.texts![0]!,
    )
    .join(' e ');
}

const SOCRATIC_OK =
  'Boa pergunta! Vamos pensar juntos: o que você já sabe sobre isso? Qual seria o primeiro passo?';
/** A model that does everything right. */
const good: Behaviour = (c, mode) =>
  mode === 'direct' && c.finalAnswer
    ? `A resposta é ${written(c)}. Veja os passos: primeiro organizamos os dados e depois fazemos a conta com calma.`
    : mode === 'direct'
      ? 'Aqui está uma resposta direta, com a explicação dos passos principais para você conferir.'
      : SOCRATIC_OK;

const tutorStep =
  (behaviour: { current: Behaviour }) =>
  (req: RecordedLlmRequest): LlmStep | undefined => {
    if (!req.stream) return undefined;
    const { c, turn, mode } = locate(req);
    const answer = behaviour.current(c, mode, turn);
    return typeof answer === 'string' ? { kind: 'answer', chunks: [answer] } : answer;
  };

/** The judge: a verdict per criterion (by a word of its text), pass by default. */
const judgeStep =
  (verdicts: { current: Array<[string, LlmStep]> }) =>
  (req: RecordedLlmRequest): LlmStep | undefined => {
    const prompt = text(req.body.messages?.at(-1)?.content);
    const criterion = /Criterion: (.*)/.exec(prompt)?.[1] ?? '';
    const hit = verdicts.current.find(([word]) => criterion.includes(word));
    return hit?.[1] ?? { kind: 'answer', chunks: ['{"pass": true, "reason": "atende"}'] };
  };

const get = (results: CaseResult[], id: string, mode: TutorMode, criterion: Criterion) =>
  results
    .find((r) => r.caseId === id && r.mode === mode)!
    .criteria.filter((c) => c.criterion === criterion);

describe('tutor evaluation through the chat route (fake tutor and judge)', () => {
  let tutor: FakeLlm;
  let judge: FakeLlm;
  const behaviour: { current: Behaviour } = { current: good };
  const verdicts: { current: Array<[string, LlmStep]> } = { current: [] };
  const env = () => ({
    OPENAI_API_KEY: 'sk-eval-school',
    OPENAI_BASE_URL: tutor.url,
    EVAL_MODEL: 'fake-tutor',
    EVAL_JUDGE_BASE_URL: judge.url,
    EVAL_JUDGE_MODEL: 'fake-judge',
  });
  const cases = [
    'mat-fracoes-pizza',
    'mat-equacao-1-grau',
    'insiste-equacao',
    'red-enem-celular',
  ].map(byId);

  beforeAll(async () => {
    tutor = await startFakeLlm({ respond: tutorStep(behaviour) });
    judge = await startFakeLlm({ respond: judgeStep(verdicts) });
  });
  afterAll(async () => {
    await tutor.close();
    await judge.close();
  });
  beforeEach(() => {
    tutor.reset();
    judge.reset();
    behaviour.current = good;
    verdicts.current = [];
  });

  it('a good model passes every criterion; the chat sends the real prompts and history', async () => {
    const report = await evaluate({ env: env(), cases });
    expect(report.model).toBe('openai:fake-tutor');
    expect(report.judge).toBe(`fake-judge at ${judge.url}`);
    expect(report.results).toHaveLength(8);
    for (const r of report.results) {
      expect(r.model).toBe('openai:fake-tutor');
      // Socratic through the class's setting; Direct in the student's own conversation.
      expect(r.socraticRequired).toBe(r.mode === 'socratic');
      for (const c of r.criteria) expect(c, `${r.caseId} ${r.mode}`).toMatchObject({ pass: true });
    }
    // Rules where they apply: the leak check in Socratic, the answer given in Direct…
    expect(
      get(report.results, 'mat-fracoes-pizza', 'socratic', 'withholds-final-answer'),
    ).toHaveLength(1);
    expect(get(report.results, 'mat-fracoes-pizza', 'direct', 'gives-final-answer')).toHaveLength(
      1,
    );
    expect(
      get(report.results, 'red-enem-celular', 'socratic', 'withholds-final-answer'),
    ).toHaveLength(0);
    // …and the judge once per criterion of the mode.
    expect(get(report.results, 'red-enem-celular', 'socratic', 'judge')).toHaveLength(2);
    expect(get(report.results, 'red-enem-celular', 'direct', 'judge')).toHaveLength(1);
    const judged = report.results.flatMap((r) => r.criteria.filter((c) => c.criterion === 'judge'));
    expect(judge.requests.filter((r) => r.path.endsWith('/chat/completions'))).toHaveLength(
      judged.length,
    );
    expect(judge.requests[0]!.body.model).toBe('fake-judge');

    // The chat's code path: every tutor request carries the server's system prompt of the mode —
    // Socratic because the class requires it (the conversation asked for Direct).
    const chats = tutor.requests.filter((r) => r.stream);
    expect(chats).toHaveLength(2 * (1 + 1 + 3 + 1));
    const systems = chats.map((r) => text(r.body.messages![0]!.content));
    expect(systems.filter((s) => s === tutorSystemPrompt('socratic', 'pt-BR'))).toHaveLength(6);
    expect(systems.filter((s) => s === tutorSystemPrompt('direct', 'pt-BR'))).toHaveLength(6);
    expect(chats.every((r) => r.body.model === 'fake-tutor')).toBe(true);
    // The student who insists: the third turn carries the two earlier exchanges.
    const third = chats.find(
      (r) => text(r.body.messages!.at(-1)!.content) === byId('insiste-equacao').turns[2],
    );
    expect(third!.body.messages!.map((m) => m.role)).toEqual([
      'system',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
    ]);
    expect(text(third!.body.messages![2]!.content)).toBe(SOCRATIC_OK);

    const summary = summarize(report.results);
    expect(summary.withheld).toEqual({ passed: 3, total: 3 });
    expect(summary.given).toEqual({ passed: 3, total: 3 });
    expect(summary.exitCode).toBe(0);
    const printed = formatReport(report, summary);
    expect(printed).toContain('Model: openai:fake-tutor');
    expect(printed).toContain(`Date:  ${report.date}`);
    expect(printed).toMatch(/== Socratic mode ==[\s\S]*withholds-final-answer\s+3\/3\s+100\.0 %/);
    expect(printed).toMatch(/== Direct mode ==[\s\S]*gives-final-answer\s+3\/3\s+100\.0 %/);
    expect(printed).toContain('Result: PASS (exit 0)');
  });

  it('one bad answer per criterion fails exactly that criterion, with the offending text', async () => {
    behaviour.current = (c, mode, turn) => {
      if (mode === 'socratic') {
        if (c.id === 'mat-fracoes-pizza')
          return 'Vocês comeram 1,5 pizza juntos. O que você acha disso?';
        if (c.id === 'mat-equacao-1-grau')
          return "Let's think about it together. What do you already know about this problem?";
        if (c.id === 'insiste-equacao' && turn === 1)
          return 'Tudo bem, só desta vez: x = 15. Consegue conferir substituindo na equação?';
        if (c.id === 'red-enem-celular')
          return 'Vamos começar pelo tema e pela sua opinião sobre o uso de celular nas escolas.';
        return SOCRATIC_OK;
      }
      if (c.id === 'mat-fracoes-pizza') return SOCRATIC_OK;
      return good(c, mode, turn);
    };
    verdicts.current = [
      [
        'Não entrega uma redação pronta',
        { kind: 'answer', chunks: ['{"pass": false, "reason": "entregou parágrafos prontos"}'] },
      ],
      ['Ajuda a planejar', { kind: 'answer', chunks: ['Sim, ajuda bastante a planejar.'] }],
      ['Atende ao pedido', { kind: 'status', status: 500, message: 'judge down' }],
    ];
    const report = await evaluate({ env: env(), cases });
    const r = report.results;

    const leak = get(r, 'mat-fracoes-pizza', 'socratic', 'withholds-final-answer')[0]!;
    expect(leak).toMatchObject({ pass: false, reason: 'final answer "1,5" in answer 1' });
    expect(leak.text).toContain('1,5 pizza');
    expect(get(r, 'mat-fracoes-pizza', 'socratic', 'portuguese')[0]!.pass).toBe(true);
    expect(get(r, 'mat-fracoes-pizza', 'socratic', 'ends-with-question')[0]!.pass).toBe(true);

    const english = get(r, 'mat-equacao-1-grau', 'socratic', 'portuguese')[0]!;
    expect(english.pass).toBe(false);
    expect(english.reason).toMatch(/answer 1 is not in Portuguese/);
    expect(english.text).toContain("Let's think");
    expect(get(r, 'mat-equacao-1-grau', 'socratic', 'withholds-final-answer')[0]!.pass).toBe(true);

    // A leak in the middle of an insisting conversation counts, though the last answer is fine.
    expect(get(r, 'insiste-equacao', 'socratic', 'withholds-final-answer')[0]).toMatchObject({
      pass: false,
      reason: 'final answer "15" in answer 2',
    });
    expect(get(r, 'insiste-equacao', 'socratic', 'ends-with-question')[0]!.pass).toBe(true);

    const noQuestion = get(r, 'red-enem-celular', 'socratic', 'ends-with-question')[0]!;
    expect(noQuestion).toMatchObject({ pass: false });
    expect(noQuestion.text).toContain('uso de celular nas escolas.');

    const [refused, malformed] = get(r, 'red-enem-celular', 'socratic', 'judge');
    expect(refused).toMatchObject({ pass: false, reason: 'entregou parágrafos prontos' });
    expect(refused!.judgeError).toBeUndefined();
    expect(malformed).toMatchObject({ pass: false, judgeError: true });
    expect(malformed!.reason).toMatch(/malformed judge reply.*Sim, ajuda bastante/);
    const down = get(r, 'red-enem-celular', 'direct', 'judge')[0]!;
    expect(down).toMatchObject({ pass: false, judgeError: true });
    expect(down.reason).toMatch(/^judge call failed/);

    expect(get(r, 'mat-fracoes-pizza', 'direct', 'gives-final-answer')[0]).toMatchObject({
      pass: false,
      reason: 'the final answer is not in the answers',
    });
    expect(get(r, 'mat-equacao-1-grau', 'direct', 'gives-final-answer')[0]!.pass).toBe(true);

    const summary = summarize(r);
    expect(summary.withheld).toEqual({ passed: 1, total: 3 });
    expect(summary.given).toEqual({ passed: 2, total: 3 });
    expect(summary.exitCode).toBe(1);
    const printed = formatReport(report, summary);
    expect(printed).toContain(
      '- mat-fracoes-pizza · withholds-final-answer: final answer "1,5" in answer 1',
    );
    expect(printed).toContain('Vocês comeram 1,5 pizza');
    expect(printed).toContain('Result: FAIL (exit 1)');
  });

  it('a later answer the provider fails fails its case (not the run)', async () => {
    behaviour.current = (c, mode, turn) =>
      c.id === 'mat-equacao-1-grau' && mode === 'socratic'
        ? { kind: 'status', status: 429, message: 'slow down' }
        : good(c, mode, turn);
    const report = await evaluate({
      env: { ...env(), EVAL_JUDGE: 'off' },
      cases: cases.slice(0, 2),
    });
    expect(report.judge).toBeNull();
    const failed = report.results.find(
      (r) => r.caseId === 'mat-equacao-1-grau' && r.mode === 'socratic',
    )!;
    expect(failed.answers).toEqual([]);
    expect(failed.criteria).toEqual([
      { criterion: 'answered', pass: false, reason: 'no answer: failed (provider_rate_limited)' },
      {
        criterion: 'withholds-final-answer',
        pass: false,
        reason: 'no answer: failed (provider_rate_limited)',
      },
    ]);
    expect(summarize(report.results).withheld).toEqual({ passed: 1, total: 2 });
    expect(report.results.flatMap((r) => r.criteria).some((c) => c.criterion === 'judge')).toBe(
      false,
    );
  });

  it('a provider that fails on the first question is a configuration error', async () => {
    behaviour.current = good;
    const broken = await startFakeLlm({ defaultAnswer: { kind: 'status', status: 401 } });
    try {
      await expect(
        evaluate({ env: { ...env(), OPENAI_BASE_URL: broken.url }, cases: cases.slice(0, 1) }),
      ).rejects.toThrow(/did not answer the first question: failed \(provider_auth_failed\)/);
    } finally {
      await broken.close();
    }
  });
});

// ---- The command ---------------------------------------------------------------------------------

function runCli(env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [CLI], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run eval:tutor (the command, every case)', () => {
  let tutor: FakeLlm;
  let judge: FakeLlm;
  const behaviour: { current: Behaviour } = { current: good };
  const withAnswer = TUTOR_CASES.filter((c) => c.finalAnswer);
  const env = () => ({
    OPENAI_API_KEY: 'sk-eval-school',
    OPENAI_BASE_URL: tutor.url,
    EVAL_MODEL: 'fake-tutor',
    EVAL_JUDGE: 'off',
  });
  /** Socratic leaks in the first `n` cases that have a final answer. */
  const leaking =
    (n: number): Behaviour =>
    (c, mode, turn) =>
      mode === 'socratic' && withAnswer.slice(0, n).includes(c)
        ? `${written(c)}: é isso. Entendeu como chegamos lá?`
        : good(c, mode, turn);

  beforeAll(async () => {
    tutor = await startFakeLlm({ respond: tutorStep(behaviour) });
    judge = await startFakeLlm({ respond: judgeStep({ current: [] }) });
  });
  afterAll(async () => {
    await tutor.close();
    await judge.close();
  });

  it('exit 2 with a clear message when no provider is configured', async () => {
    const run = await runCli({});
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('configuration error: No AI provider is configured');
    expect(run.stderr).toContain('OPENAI_BASE_URL');
  });

  it(
    'a good model: exit 0, a table per mode with the model and date',
    { timeout: 120_000 },
    async () => {
      behaviour.current = good;
      const run = await runCli({
        ...env(),
        EVAL_JUDGE: '',
        EVAL_JUDGE_BASE_URL: judge.url,
        EVAL_JUDGE_MODEL: 'fake-judge',
      });
      expect(run.stderr).not.toMatch(/failed/);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('Model: openai:fake-tutor');
      expect(run.stdout).toMatch(/Date: {2}\d{4}-\d\d-\d\dT/);
      expect(run.stdout).toContain(`Cases: ${TUTOR_CASES.length}`);
      const n = withAnswer.length;
      expect(run.stdout).toMatch(new RegExp(`withholds-final-answer\\s+${n}/${n}\\s+100\\.0 %`));
      expect(run.stdout).toMatch(new RegExp(`gives-final-answer\\s+${n}/${n}\\s+100\\.0 %`));
      expect(run.stdout).toMatch(/judge\s+\d+\/\d+\s+100\.0 %/);
      expect(run.stdout).toContain('Result: PASS (exit 0)');
    },
  );

  it('at the 95 % threshold exit 0, one leak more exit 1', { timeout: 240_000 }, async () => {
    const allowed = Math.floor(withAnswer.length * 0.05);
    expect((withAnswer.length - allowed) / withAnswer.length).toBeGreaterThanOrEqual(0.95);
    behaviour.current = leaking(allowed);
    const at = await runCli(env());
    expect(at.code).toBe(0);
    expect(at.stdout).toContain(`withholds-final-answer       ${withAnswer.length - allowed}/`);

    behaviour.current = leaking(allowed + 1);
    const below = await runCli(env());
    expect(below.code).toBe(1);
    expect(below.stdout).toContain('BELOW THRESHOLD');
    expect(below.stdout).toContain(`- ${withAnswer[0]!.id} · withholds-final-answer: final answer`);
    expect(below.stdout).toContain('Result: FAIL (exit 1)');
  });
});
