import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Assignment,
  Attempt,
  ExerciseSet,
  ItemDetail,
} from '@aprenda/shared/schemas/exercises';
import {
  csvDateTime,
  csvFileName,
  csvNumber,
  csvText,
} from '../src/modules/exercises/results-csv.ts';
import { api, testClock } from './flashcards-helpers.ts';
import { createTestApp, dialects, signUp, type SignedUp, type TestApp } from './helpers.ts';

/**
 * The results CSVs in the teacher's language (docs/api/exercises.md "Results"): pt-BR as Excel in
 * Portuguese opens it (`;`, decimal comma, Portuguese words, local date-times), en with `,` and
 * English; both UTF-8 with a BOM, RFC 4180 quoting, formulas guarded.
 */

const SKILL = 'bncc-ef07ma18';
const BOM = '\uFEFF';

function item(n: number, kind: 'single' | 'multiple' = 'single') {
  return {
    kind,
    stem: `Questão ${n}: qual é a certa?`,
    explanation: `Explicação ${n}`,
    skill_id: SKILL,
    choices: ['a', 'b', 'c', 'd'].map((id) => ({
      id,
      text: `Opção ${id} da ${n}`,
      correct: id === 'a' || (kind === 'multiple' && id === 'b'),
    })),
  };
}

describe('results CSV cells', () => {
  it('pt-BR: `;`, decimal comma, RFC 4180 quotes, formulas guarded but not negative numbers', () => {
    expect(csvText([['a;b', 'x "y"', '=SUM(A1)', '-1', '@x', ' pad', null]], 'pt-BR')).toBe(
      `${BOM}"a;b";"x ""y""";'=SUM(A1);'-1;'@x;" pad";\r\n`,
    );
    expect(csvText([[csvNumber(-0.25), csvNumber(66.7), csvNumber(3)]], 'pt-BR')).toBe(
      `${BOM}-0,25;66,7;3\r\n`,
    );
    expect(csvText([['Souza, Ana', 'linha\nnova']], 'pt-BR')).toBe(
      `${BOM}"Souza, Ana";"linha\nnova"\r\n`,
    );
  });

  it('en: `,` and a decimal point', () => {
    expect(csvText([['Souza, Ana', 'ok']], 'en')).toBe(`${BOM}"Souza, Ana",ok\r\n`);
    expect(csvText([[csvNumber(-0.25), csvNumber(66.7), csvNumber(Number.NaN)]], 'en')).toBe(
      `${BOM}-0.25,66.7,\r\n`,
    );
  });

  it('date-times are local to the time zone, to the minute', () => {
    const iso = '2026-11-30T01:19:00.000Z';
    expect(csvDateTime(iso, 'pt-BR', 'America/Sao_Paulo')).toBe('29/11/2026 22:19');
    expect(csvDateTime(iso, 'en', 'America/Sao_Paulo')).toBe('2026-11-29 22:19');
    expect(csvDateTime(iso, 'pt-BR')).toBe('30/11/2026 01:19');
    expect(csvDateTime('2026-06-01T00:05:00.000Z', 'pt-BR', 'Europe/Lisbon')).toBe(
      '01/06/2026 01:05',
    );
  });

  it('file names are ASCII, accents dropped, with the table in the language', () => {
    expect(csvFileName('Frações: 7ºA / revisão', 'grid', 'pt-BR')).toBe(
      'Fracoes-7oA-revisao-notas.csv',
    );
    expect(csvFileName('Frações', 'items', 'en')).toBe('Fracoes-question-analysis.csv');
    expect(csvFileName('???', 'grid', 'pt-BR')).toBe('lista-notas.csv');
  });
});

describe.each(dialects)('results CSV in the teacher language (%s)', (dialect) => {
  const time = testClock('2030-03-02T12:00:00.000Z');
  let t: TestApp;
  let teacher: SignedUp;
  let ana: SignedUp;
  let bia: SignedUp;
  let assignment: Assignment;
  const a = api(() => t);
  const items: string[] = [];

  async function answer(u: SignedUp, attemptId: string, itemId: string, response: unknown) {
    const res = await a.call(u, 'POST', `/attempts/${attemptId}/answers`, {
      id: crypto.randomUUID(),
      item_id: itemId,
      response,
    });
    expect(res.status).toBe(201);
  }

  async function csv(query: string) {
    const res = await t.app.request(`/api/assignments/${assignment.id}/results.csv?${query}`, {
      headers: { authorization: `Bearer ${teacher.token}` },
    });
    return res;
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { clock: time.clock });
    teacher = await signUp(t, { role: 'teacher' });
    ana = await signUp(t, { role: 'student', name: 'Souza, Ana' });
    bia = await signUp(t, { role: 'student', name: '=Bia' });
    const caio = await signUp(t, { role: 'student', name: 'Caio' });
    const classId = (await a.newClass(teacher, { students: [ana, bia, caio] })).id;
    for (const [n, kind] of [
      [1, 'single'],
      [2, 'multiple'],
      [3, 'single'],
    ] as const) {
      const res = await a.call<ItemDetail>(teacher, 'POST', '/items', item(n, kind));
      expect(res.status).toBe(201);
      items.push(res.body.id);
    }
    const set = await a.call<ExerciseSet>(teacher, 'POST', '/sets', {
      title: 'Frações: revisão',
      entries: items.map((id) => ({ item_id: id })),
    });
    expect(set.status).toBe(201);
    const made = await a.call<Assignment>(teacher, 'POST', `/classes/${classId}/assignments`, {
      set_id: set.body.id,
      open_at: '2030-03-02T11:00:00.000Z',
      due_at: '2030-03-09T23:59:00.000Z',
      shuffle: false,
    });
    expect(made.status).toBe(201);
    assignment = made.body;

    // Ana: on time, 1 of 3 right (33.3%), handed in at 12:00 in Brasília.
    const one = (await a.call<Attempt>(ana, 'POST', `/assignments/${assignment.id}/attempts`)).body;
    await answer(ana, one.id, items[0]!, { choice: 'a' });
    await answer(ana, one.id, items[1]!, { choices: ['c'] });
    await answer(ana, one.id, items[2]!, { choice: 'b' });
    time.set('2030-03-05T15:00:00.000Z');
    expect((await a.call(ana, 'POST', `/attempts/${one.id}/submit`)).status).toBe(200);
    // Bia: right, half right, blank; handed in late, at 22:19 of the due day in Brasília (01:19
    // UTC of the next day).
    const two = (await a.call<Attempt>(bia, 'POST', `/assignments/${assignment.id}/attempts`)).body;
    await answer(bia, two.id, items[0]!, { choice: 'a' });
    await answer(bia, two.id, items[1]!, { choices: ['a'] });
    time.set('2030-03-10T01:19:00.000Z');
    const late = await a.call<Attempt>(bia, 'POST', `/attempts/${two.id}/submit`);
    expect(late.status).toBe(200);
    expect(late.body.late).toBe(true);
    // Caio never starts.
  });
  afterAll(async () => {
    await t?.close();
  });

  it('grid, pt-BR in America/Sao_Paulo: BOM, `;`, Portuguese words, local time, decimal comma', async () => {
    const res = await csv('table=grid&lang=pt-BR&tz=America/Sao_Paulo');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="Fracoes-revisao-notas.csv"',
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith(BOM)).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe('Estudante;Entregue em;Atrasada;Nota (%);Q1;Q2;Q3');
    expect(lines.slice(1, -1).sort()).toEqual(
      [
        '"Souza, Ana";05/03/2030 12:00;não;33,3;certa;errada;errada',
        "'=Bia;09/03/2030 22:19;sim;50;certa;parcial;em branco",
        'Caio;;não;;em branco;em branco;em branco',
      ].sort(),
    );
  });

  it('grid, en: `,`, English, the local time as YYYY-MM-DD HH:mm', async () => {
    const res = await csv('table=grid&lang=en&tz=America/Sao_Paulo');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="Fracoes-revisao-scores.csv"',
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split('\r\n');
    expect(lines[0]).toBe('Student,Handed in at,Late,Score (%),Q1,Q2,Q3');
    expect(lines.slice(1, -1).sort()).toEqual(
      [
        '"Souza, Ana",2030-03-05 12:00,no,33.3,correct,wrong,wrong',
        "'=Bia,2030-03-09 22:19,yes,50,correct,partial,blank",
        'Caio,,no,,blank,blank,blank',
      ].sort(),
    );
  });

  it('defaults: pt-BR and UTC', async () => {
    const bytes = new Uint8Array(await (await csv('table=grid')).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes); // drops the BOM
    expect(text).toContain('Estudante;Entregue em;Atrasada;Nota (%)');
    expect(text).toContain("'=Bia;10/03/2030 01:19;sim;50;");
  });

  it('item analysis, pt-BR and en', async () => {
    const pt = await (await csv('table=items&lang=pt-BR&tz=America/Sao_Paulo')).text();
    const ptLines = pt.split('\r\n');
    expect(ptLines[0]).toBe(
      'Questão;Enunciado;Respostas;Em branco;Facilidade;Discriminação;Alertas;Alternativas marcadas (* = correta)',
    );
    // Q2: 0 and 0.5 → facility 0.25, with a decimal comma; Q3: Bia's blank counts.
    expect(ptLines[1]).toBe('Q1;Questão 1: qual é a certa?;2;0;1;;;a*=2 b=0 c=0 d=0');
    expect(ptLines[2]).toBe('Q2;Questão 2: qual é a certa?;2;0;0,25;;;a*=1 b*=0 c=1 d=0');
    expect(ptLines[3]).toBe('Q3;Questão 3: qual é a certa?;2;1;0;;;a*=0 b=1 c=0 d=0');

    const en = await (await csv('table=items&lang=en')).text();
    const enLines = en.split('\r\n');
    expect(enLines[0]).toBe(
      'Question,Stem,Answers,Blank,Facility,Discrimination,Flags,Choices picked (* = correct)',
    );
    expect(enLines[2]).toBe('Q2,Questão 2: qual é a certa?,2,0,0.25,,,a*=1 b*=0 c=1 d=0');
  });

  it('a bad lang or time zone is a 400', async () => {
    expect((await csv('table=grid&lang=fr')).status).toBe(400);
    expect((await csv('table=grid&tz=Mars/Olympus')).status).toBe(400);
    expect((await csv('table=nope')).status).toBe(400);
  });
});
