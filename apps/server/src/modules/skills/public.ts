/** What other modules may use of the skills catalogue (docs/api/skills.md). */
export { findSkills } from './skills.service.ts';
