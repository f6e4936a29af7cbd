/** The skills catalogue lives in lib/skills.ts (flashcards and exercises share it). */
export { useSkill, useSkillSearch } from '@/lib/skills';
