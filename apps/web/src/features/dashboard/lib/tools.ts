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
