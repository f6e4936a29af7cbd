import { z } from 'zod';
import {
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USER_ROLES,
} from '../constants.ts';

export const userRoleSchema = z.enum(USER_ROLES);

export const signUpSchema = z.object({
  name: z.string().trim().min(1).max(NAME_MAX_LENGTH),
  email: z.email().max(254),
  password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
  role: userRoleSchema,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: z.email().max(254),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** The signed-in user as the web sees it. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: z.infer<typeof userRoleSchema>;
  image?: string | null;
  /** The e-mail is confirmed (false until the verification mail's link is opened). */
  emailVerified?: boolean;
}
