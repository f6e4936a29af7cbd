import type { LucideIcon } from 'lucide-react';
import {
  ChartColumn,
  ClipboardList,
  Gauge,
  GraduationCap,
  Layers,
  MessagesSquare,
  PenTool,
  Presentation,
  Target,
  Workflow,
} from 'lucide-react';
import { DASHBOARD_TOOLS, type DashboardTool } from '@aprenda/shared/constants';

export const TOOL_ICONS: Record<DashboardTool, LucideIcon> = {
  chat: MessagesSquare,
  adaptive: Target,
  analytics: ChartColumn,
  exercises: ClipboardList,
  metrics: Gauge,
  teacher: Presentation,
  student: GraduationCap,
  whiteboard: PenTool,
  mermaid: Workflow,
  flashcard: Layers,
};

export const TOOLS = DASHBOARD_TOOLS.map((tool) => ({
  tool,
  path: `/dashboard/${tool}`,
  Icon: TOOL_ICONS[tool],
}));

export type ToolEntry = (typeof TOOLS)[number];

/** Tools for teaching: shown to teacher accounts and to anyone who teaches a class. */
export const TEACHER_TOOLS: ReadonlySet<DashboardTool> = new Set<DashboardTool>([
  'teacher',
  'analytics',
]);

/**
 * The tools someone sees, in navigation order (spec): all of them when they teach (a teacher
 * account, or a teacher membership of some class); a student sees no teacher tools.
 */
export function toolsFor(teaches: boolean): ToolEntry[] {
  return teaches ? TOOLS : TOOLS.filter(({ tool }) => !TEACHER_TOOLS.has(tool));
}
