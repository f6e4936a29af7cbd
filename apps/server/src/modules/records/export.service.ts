import type { AppContext } from '../../context.ts';
import { selectAccountForExport, selectActionsForExport } from './export.queries.ts';
import { selectMaskedApiKeys } from './records.queries.ts';

/**
 * "Baixar meus dados": the account, its recorded actions and its AI keys — masked, as everywhere:
 * a key is never answered whole.
 */
export async function recordsExport(ctx: Pick<AppContext, 'db'>, userId: string) {
  const db = ctx.db.db;
  return {
    account: await selectAccountForExport(db, userId),
    actions: await selectActionsForExport(db, userId),
    api_keys: await selectMaskedApiKeys(db, userId),
  };
}
