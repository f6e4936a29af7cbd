import type { ItemInput } from '@aprenda/shared/schemas/exercises';
import { itemInputSchema } from '@aprenda/shared/schemas/exercises';
import type { AppContext } from '../../context.ts';
import { createAssignment } from './assignments.service.ts';
import { createItem } from './items.service.ts';
import { createSet } from './sets.service.ts';

/**
 * The demo exercises a new install shows (seed.ts): items of the demo teacher on two skills of
 * the starter list (equations and percentages, 7º ano), so the demo students can practise at
 * once, and one assignment of the demo class due in a week.
 */

export const DEMO_SET_TITLE = 'Lista 1 — Equações do 1º grau';

const EQ = 'bncc-ef07ma18';
const PCT = 'bncc-ef06ma13';

const ITEMS: Array<Partial<ItemInput> & Pick<ItemInput, 'kind' | 'stem'>> = [
  {
    kind: 'single',
    stem: 'Qual é a solução de $x + 7 = 12$?',
    explanation: 'Subtraia 7 dos dois lados: $x = 12 - 7 = 5$.',
    skill_id: EQ,
    choices: [
      { id: 'a', text: '$5$', correct: true, feedback: 'Isso!', misconception: '' },
      {
        id: 'b',
        text: '$19$',
        correct: false,
        feedback: 'Você somou 7 em vez de subtrair.',
        misconception: 'operação inversa',
      },
      {
        id: 'c',
        text: '$-5$',
        correct: false,
        feedback: 'Confira o sinal.',
        misconception: 'sinal',
      },
    ],
  },
  {
    kind: 'numeric',
    stem: 'Resolva $3x = {{p}}$. Quanto vale $x$?',
    explanation: 'Divida os dois lados por 3: $x = {{p}} \\div 3$.',
    skill_id: EQ,
    numeric: { answer: null, formula: 'p / 3', tolerance: 0, tolerance_kind: 'absolute' },
    template: { variables: [{ name: 'p', min: 3, max: 60, step: 3 }] },
  },
  {
    kind: 'numeric',
    stem: 'Resolva $2x + 1 = 6$. Quanto vale $x$? (use vírgula ou ponto)',
    explanation: '$2x = 5$, logo $x = 2{,}5$.',
    skill_id: EQ,
    numeric: { answer: 2.5, formula: null, tolerance: 0, tolerance_kind: 'absolute' },
  },
  {
    kind: 'expression',
    stem: 'Escreva uma expressão equivalente a $2(x + 3)$ sem parênteses.',
    explanation: 'Distributiva: $2 \\cdot x + 2 \\cdot 3 = 2x + 6$.',
    skill_id: EQ,
    expression: { answer: '2x+6' },
  },
  {
    kind: 'multiple',
    stem: 'Quais valores de $x$ tornam $x \\cdot (x - 4) = 0$ verdadeira?',
    explanation: 'Um produto é zero quando um dos fatores é zero: $x = 0$ ou $x = 4$.',
    skill_id: EQ,
    choices: [
      { id: 'a', text: '$0$', correct: true, feedback: '', misconception: '' },
      { id: 'b', text: '$4$', correct: true, feedback: '', misconception: '' },
      {
        id: 'c',
        text: '$-4$',
        correct: false,
        feedback: 'Confira: $-4 - 4 = -8$.',
        misconception: 'sinal',
      },
    ],
  },
  {
    kind: 'numeric',
    stem: 'Quanto é 15% de 80?',
    explanation: '$0{,}15 \\times 80 = 12$.',
    skill_id: PCT,
    numeric: { answer: 12, formula: null, tolerance: 0, tolerance_kind: 'absolute' },
  },
  {
    kind: 'single',
    stem: 'Uma camiseta de R$ 50,00 teve 20% de desconto. Qual o novo preço?',
    explanation: '20% de 50 é 10; $50 - 10 = 40$.',
    skill_id: PCT,
    choices: [
      { id: 'a', text: 'R$ 40,00', correct: true, feedback: '', misconception: '' },
      {
        id: 'b',
        text: 'R$ 30,00',
        correct: false,
        feedback: 'Isso seria 40% de desconto.',
        misconception: '',
      },
      {
        id: 'c',
        text: 'R$ 10,00',
        correct: false,
        feedback: 'R$ 10,00 é o desconto, não o preço.',
        misconception: 'parte e todo',
      },
    ],
  },
  {
    kind: 'text',
    stem: 'Como se chama a fração de denominador 100 usada para indicar partes de um todo?',
    explanation: 'Porcentagem: "por cento", partes de 100.',
    skill_id: PCT,
    text: { accepted: ['porcentagem', 'percentagem'] },
  },
];

export async function seedDemoExercises(
  ctx: AppContext,
  teacherId: string,
  classId: string,
): Promise<void> {
  const teacher = { id: teacherId, role: 'teacher' as const };
  const ids: string[] = [];
  for (const item of ITEMS) {
    ids.push((await createItem(ctx, teacher, itemInputSchema.parse(item))).id);
  }
  const set = await createSet(ctx, teacher, {
    title: DEMO_SET_TITLE,
    description: 'Cinco questões sobre equações do 1º grau. Correção na hora.',
    entries: ids.slice(0, 5).map((item_id) => ({ item_id })),
  });
  const now = ctx.clock.now();
  await createAssignment(ctx, teacherId, classId, {
    set_id: set.id,
    open_at: new Date(now.getTime() - 60 * 60_000).toISOString(),
    due_at: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
    attempts_allowed: 2,
    shuffle: false,
    feedback: 'immediate',
  });
}
