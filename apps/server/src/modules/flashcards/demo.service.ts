import type { CardInput } from '@aprenda/shared/schemas/flashcards';
import type { MediaCtx } from './card-media.service.ts';
import { deckAccess } from './access.service.ts';
import { createCards } from './cards.service.ts';
import { createDeck, shareDeck } from './decks.service.ts';

/** The demo deck a new install shows (seed.ts): the demo teacher's, shared with the demo class. */
export const DEMO_DECK = {
  title: 'Revisão de Matemática — 9º ano',
  description: 'Potências, equações do 2º grau, Pitágoras e relações no triângulo retângulo.',
};

const DEMO_CARDS: CardInput[] = [
  {
    kind: 'basic',
    front: 'Quanto vale $a^0$ (com $a$ diferente de zero)?',
    back: '$a^0 = 1$',
    tags: ['potencias'],
  },
  {
    kind: 'basic',
    front: 'Simplifique $2^3 \\cdot 2^4$.',
    back: '$2^{3+4} = 2^7 = 128$',
    tags: ['potencias'],
  },
  {
    kind: 'cloze',
    front: 'Na equação $ax^2 + bx + c = 0$, o discriminante é {{c1::$\\Delta = b^2 - 4ac$}}.',
    back: 'Fórmula de Bhaskara: $x = \\dfrac{-b \\pm \\sqrt{\\Delta}}{2a}$.',
    tags: ['equacoes'],
    skill_id: 'bncc-ef09ma09',
  },
  {
    kind: 'basic',
    front: 'Se $\\Delta < 0$, quantas raízes reais tem a equação do 2º grau?',
    back: 'Nenhuma raiz real.',
    tags: ['equacoes'],
    skill_id: 'bncc-ef09ma09',
  },
  {
    kind: 'cloze',
    front:
      'No triângulo retângulo, {{c1::o quadrado da hipotenusa}} é igual à {{c2::soma dos quadrados dos catetos}}.',
    back: '$a^2 = b^2 + c^2$ (Teorema de Pitágoras).',
    tags: ['geometria'],
    skill_id: 'bncc-ef09ma14',
  },
  {
    kind: 'basic',
    front: 'Os catetos medem 6 cm e 8 cm. Quanto mede a hipotenusa?',
    back: '$\\sqrt{6^2 + 8^2} = \\sqrt{100} = 10$ cm',
    tags: ['geometria'],
    skill_id: 'bncc-ef09ma14',
  },
  {
    kind: 'basic',
    front: 'No triângulo retângulo, quanto vale $h^2$ (altura relativa à hipotenusa)?',
    back: '$h^2 = m \\cdot n$ (as projeções dos catetos sobre a hipotenusa).',
    tags: ['geometria'],
    skill_id: 'bncc-ef09ma13',
  },
  {
    kind: 'basic',
    front: 'Escreva $0{,}000\\,32$ em notação científica.',
    back: '$3{,}2 \\times 10^{-4}$',
    tags: ['potencias'],
  },
];

/** Creates the demo deck with its cards and shares it with the demo class. */
export async function seedDemoDeck(
  ctx: MediaCtx,
  teacherId: string,
  classId: string,
): Promise<void> {
  const deck = await createDeck(ctx, teacherId, DEMO_DECK);
  const access = await deckAccess(ctx, deck.id, teacherId);
  await createCards(ctx, access, DEMO_CARDS);
  await shareDeck(ctx, access, classId);
}
