import {
  CARD_TAG_MAX,
  CARD_TAGS_MAX,
  cardInputErrors,
  type CardInput,
  type CardKind,
} from '@aprenda/shared/schemas/flashcards';

/**
 * The editable list of cards the AI proposed (cards from the tutor): each proposal can be kept,
 * edited or discarded before the kept ones are saved in one batch. Pure: no React.
 */
export interface Proposal {
  key: string;
  kind: CardKind;
  front: string;
  back: string;
  /** Tags as typed: words separated by spaces or commas. */
  tags: string;
  discarded: boolean;
}

/** What is wrong with a field of a proposal (a translation key of `flashcards:generate.errors`). */
export type ProposalError =
  | { field: 'front'; code: 'required' | 'tooLong' | 'noCloze' }
  | { field: 'back'; code: 'tooLong' }
  | { field: 'tags'; code: 'tooManyTags' | 'tagTooLong' };

let seq = 0;

export function proposalsFrom(cards: CardInput[]): Proposal[] {
  return cards.map((card) => ({
    key: `p${++seq}`,
    kind: card.kind,
    front: card.front,
    back: card.back ?? '',
    tags: (card.tags ?? []).join(' '),
    discarded: false,
  }));
}

export function splitTags(text: string): string[] {
  const tags: string[] = [];
  for (const tag of text.split(/[\s,]+/)) {
    const clean = tag.replace(/^#+/, '');
    if (clean !== '' && !tags.includes(clean)) tags.push(clean);
  }
  return tags;
}

export function toCardInput(p: Proposal): CardInput {
  return { kind: p.kind, front: p.front.trim(), back: p.back.trim(), tags: splitTags(p.tags) };
}

/** The problems of one proposal, per field (empty when it can be saved). */
export function proposalErrors(p: Proposal): ProposalError[] {
  const card = toCardInput(p);
  const errors: ProposalError[] = [];
  if (card.front === '') errors.push({ field: 'front', code: 'required' });
  for (const e of cardInputErrors(card)) {
    if (e.code === 'cloze_without_deletion') errors.push({ field: 'front', code: 'noCloze' });
    else if (e.path === 'front' && card.front !== '')
      errors.push({ field: 'front', code: 'tooLong' });
    else if (e.path === 'back') errors.push({ field: 'back', code: 'tooLong' });
  }
  const tags = card.tags ?? [];
  if (tags.length > CARD_TAGS_MAX) errors.push({ field: 'tags', code: 'tooManyTags' });
  else if (tags.some((tag) => tag.length > CARD_TAG_MAX)) {
    errors.push({ field: 'tags', code: 'tagTooLong' });
  }
  return errors;
}

/** The proposals that will be saved, in order. */
export function keptProposals(list: Proposal[]): Proposal[] {
  return list.filter((p) => !p.discarded);
}

/**
 * A failed batch's field errors (`cards.<i>.<field>`, `i` among the kept proposals) as the keys of
 * the proposals at fault.
 */
export function proposalKeysAtFault(
  list: Proposal[],
  errors: Array<{ path: string }> | null,
): string[] {
  const kept = keptProposals(list);
  const keys = new Set<string>();
  for (const e of errors ?? []) {
    const m = /^cards\.(\d+)\./.exec(e.path);
    const p = m ? kept[Number(m[1])] : undefined;
    if (p) keys.add(p.key);
  }
  return [...keys];
}
