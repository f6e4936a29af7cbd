import type { AppContext } from './context.ts';
import { addClassMember, createClass } from './modules/classes/public.ts';
import { seedDemoBoard } from './modules/boards/public.ts';
import { seedDemoDiagram } from './modules/diagrams/public.ts';
import { seedDemoExercises } from './modules/exercises/public.ts';
import { seedDemoDeck } from './modules/flashcards/public.ts';

export interface DemoAccount {
  role: string;
  name: string;
  email: string;
  password: string;
}

export const DEMO_PASSWORD = 'aprenda-demo';

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    role: 'teacher',
    name: 'Helena Costa',
    email: 'helena@demo.aprenda.dev',
    password: DEMO_PASSWORD,
  },
  {
    role: 'student',
    name: 'Lucas Almeida',
    email: 'lucas@demo.aprenda.dev',
    password: DEMO_PASSWORD,
  },
  {
    role: 'student',
    name: 'Marina Souza',
    email: 'marina@demo.aprenda.dev',
    password: DEMO_PASSWORD,
  },
];

export const DEMO_CLASS = {
  title: 'Matemática — 9º ano',
  description:
    'Álgebra, funções e geometria do 9º ano. Exercícios semanais e revisão antes das provas.',
};

/** True when the database has at least one user. */
export async function hasAnyUser(ctx: Pick<AppContext, 'db'>): Promise<boolean> {
  const row = await ctx.db.db.selectFrom('user').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Demo data for an empty database: a teacher and two students (created through Better Auth, so
 * passwords are really hashed), one class with all three and a flashcard deck of the teacher's
 * shared with it (each student studies it on their own schedule), the teacher's exercise items
 * (practice for the students), an assignment of the class due in a week, and a board and a diagram
 * shared with the class. Does nothing — and returns [] — when
 * any user exists. Returns the credentials to print.
 */
export async function seedDemo(ctx: AppContext): Promise<DemoAccount[]> {
  if (await hasAnyUser(ctx)) return [];
  const ids: string[] = [];
  // Demo addresses receive no mail: they are created verified.
  const mailer = ctx.mailer;
  ctx.mailer = { kind: 'none', send: async () => {} };
  try {
    for (const account of DEMO_ACCOUNTS) {
      const res = await ctx.auth.api.signUpEmail({
        body: {
          email: account.email,
          password: account.password,
          name: account.name,
          role: account.role,
        },
      });
      ids.push(res.user.id);
    }
  } finally {
    ctx.mailer = mailer;
  }
  await ctx.db.db
    .updateTable('user')
    .set({ emailVerified: ctx.db.dialect === 'postgres' ? true : 1 })
    .where('id', 'in', ids)
    .execute();
  const [teacherId, ...studentIds] = ids;
  const klass = await createClass(ctx, teacherId!, DEMO_CLASS);
  for (const id of studentIds) await addClassMember(ctx, klass.id, id, 'student');
  await seedDemoDeck(ctx, teacherId!, klass.id);
  await seedDemoExercises(ctx, teacherId!, klass.id);
  await seedDemoBoard(ctx, teacherId!, klass.id);
  await seedDemoDiagram(ctx, teacherId!, klass.id);
  return DEMO_ACCOUNTS.map((a) => ({ ...a }));
}
