import type { Executor } from '../../db/types.ts';

/** What a teacher's export holds of a class they teach, beyond what every member's does. */
export interface TaughtClassExport {
  code: string | null;
  join_by_code: boolean;
  events: Array<{
    id: string;
    title: string;
    description: string | null;
    starts_at: string;
    ends_at: string | null;
    all_day: boolean;
    location: string | null;
    created_at: string;
  }>;
  invites: Array<{
    id: string;
    role: string;
    email: string | null;
    expires_at: string;
    max_uses: number | null;
    uses: number;
    created_by_me: boolean;
    created_at: string;
  }>;
}

/**
 * The classes a user belongs to, for "Baixar meus dados" (docs/api/account.md): what a member
 * sees of each (title, description, role, owner, archived, created, joined) and, of a class they
 * teach, what they manage there: its join code, its events and its open invites (as a teacher's
 * invite list shows them: never the token, which is stored only as its hash). No other member's
 * data: invites carry only the e-mail a teacher locked them to, shown on the class's invites tab.
 * Three statements bounded by the user's memberships (`class_members_user_role_class_idx`), the
 * events and invites read in their class index order.
 */
export async function selectMembershipsForExport(db: Executor, userId: string, nowIso: string) {
  const rows = await db
    .selectFrom('class_members as m')
    .innerJoin('classes as c', 'c.id', 'm.class_id')
    .select([
      'c.id',
      'c.title',
      'c.description',
      'c.code',
      'c.join_by_code',
      'c.owner_id',
      'c.archived',
      'c.created_at',
      'm.role',
      'm.joined_at',
    ])
    .where('m.user_id', '=', userId)
    .orderBy('m.joined_at')
    .orderBy('c.id')
    .execute();
  const events = await db
    .selectFrom('class_members as m')
    .innerJoin('class_events as e', 'e.class_id', 'm.class_id')
    .select([
      'e.class_id',
      'e.id',
      'e.title',
      'e.description',
      'e.starts_at',
      'e.ends_at',
      'e.all_day',
      'e.location',
      'e.created_at',
    ])
    .where('m.user_id', '=', userId)
    .where('m.role', '=', 'teacher')
    .orderBy('e.class_id')
    .orderBy('e.starts_at')
    .orderBy('e.id')
    .execute();
  const invites = await db
    .selectFrom('class_members as m')
    .innerJoin('class_invites as i', 'i.class_id', 'm.class_id')
    .select([
      'i.class_id',
      'i.id',
      'i.role',
      'i.email',
      'i.expires_at',
      'i.max_uses',
      'i.uses',
      'i.created_by',
      'i.created_at',
    ])
    .where('m.user_id', '=', userId)
    .where('m.role', '=', 'teacher')
    .where('i.revoked_at', 'is', null)
    .where('i.expires_at', '>', nowIso)
    .where((eb) => eb.or([eb('i.max_uses', 'is', null), eb('i.uses', '<', eb.ref('i.max_uses'))]))
    .orderBy('i.class_id')
    .orderBy('i.created_at')
    .orderBy('i.id')
    .execute();

  const taught = new Map<string, Pick<TaughtClassExport, 'events' | 'invites'>>();
  const of = (classId: string) => {
    let t = taught.get(classId);
    if (!t) taught.set(classId, (t = { events: [], invites: [] }));
    return t;
  };
  for (const e of events) {
    of(e.class_id).events.push({
      id: e.id,
      title: e.title,
      description: e.description,
      starts_at: e.starts_at,
      ends_at: e.ends_at,
      all_day: Boolean(Number(e.all_day)),
      location: e.location,
      created_at: e.created_at,
    });
  }
  for (const i of invites) {
    of(i.class_id).invites.push({
      id: i.id,
      role: i.role,
      email: i.email,
      expires_at: i.expires_at,
      max_uses: i.max_uses === null ? null : Number(i.max_uses),
      uses: Number(i.uses),
      created_by_me: i.created_by === userId,
      created_at: i.created_at,
    });
  }

  return rows.map((r) => {
    const member = {
      class_id: r.id,
      title: r.title,
      description: r.description,
      role: r.role,
      owner: r.owner_id === userId,
      archived: Boolean(Number(r.archived)),
      created_at: r.created_at,
      joined_at: r.joined_at,
    };
    if (r.role !== 'teacher') return member;
    const managed: TaughtClassExport = {
      code: r.code,
      join_by_code: Boolean(Number(r.join_by_code)),
      events: taught.get(r.id)?.events ?? [],
      invites: taught.get(r.id)?.invites ?? [],
    };
    return { ...member, ...managed };
  });
}
