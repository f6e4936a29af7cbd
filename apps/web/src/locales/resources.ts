import ptCommon from './pt-BR/common.json';
import ptHome from './pt-BR/home.json';
import ptAbout from './pt-BR/about.json';
import ptAuth from './pt-BR/auth.json';
import ptProfile from './pt-BR/profile.json';
import ptDashboard from './pt-BR/dashboard.json';
import ptErrors from './pt-BR/errors.json';
import ptClasses from './pt-BR/classes.json';
import ptChat from './pt-BR/chat.json';
import ptFlashcards from './pt-BR/flashcards.json';
import ptExercises from './pt-BR/exercises.json';
import ptPractice from './pt-BR/practice.json';
import ptAssignments from './pt-BR/assignments.json';
import ptSets from './pt-BR/sets.json';
import ptAnalytics from './pt-BR/analytics.json';
import ptMetrics from './pt-BR/metrics.json';
import ptCharts from './pt-BR/charts.json';
import ptToday from './pt-BR/today.json';
import ptDiagrams from './pt-BR/diagrams.json';
import ptWhiteboard from './pt-BR/whiteboard.json';
import enCommon from './en/common.json';
import enHome from './en/home.json';
import enAbout from './en/about.json';
import enAuth from './en/auth.json';
import enProfile from './en/profile.json';
import enDashboard from './en/dashboard.json';
import enErrors from './en/errors.json';
import enClasses from './en/classes.json';
import enChat from './en/chat.json';
import enFlashcards from './en/flashcards.json';
import enExercises from './en/exercises.json';
import enPractice from './en/practice.json';
import enAssignments from './en/assignments.json';
import enSets from './en/sets.json';
import enAnalytics from './en/analytics.json';
import enMetrics from './en/metrics.json';
import enCharts from './en/charts.json';
import enToday from './en/today.json';
import enDiagrams from './en/diagrams.json';
import enWhiteboard from './en/whiteboard.json';

export const NAMESPACES = [
  'common',
  'home',
  'about',
  'auth',
  'profile',
  'dashboard',
  'errors',
  'classes',
  'chat',
  'flashcards',
  'exercises',
  'practice',
  'assignments',
  'sets',
  'analytics',
  'metrics',
  'charts',
  'today',
  'diagrams',
  'whiteboard',
] as const;

/** Bundled catalogs (no HTTP backend): one namespace per area, same keys in both languages. */
export const resources = {
  'pt-BR': {
    common: ptCommon,
    home: ptHome,
    about: ptAbout,
    auth: ptAuth,
    profile: ptProfile,
    dashboard: ptDashboard,
    errors: ptErrors,
    classes: ptClasses,
    chat: ptChat,
    flashcards: ptFlashcards,
    exercises: ptExercises,
    practice: ptPractice,
    assignments: ptAssignments,
    sets: ptSets,
    analytics: ptAnalytics,
    metrics: ptMetrics,
    charts: ptCharts,
    today: ptToday,
    diagrams: ptDiagrams,
    whiteboard: ptWhiteboard,
  },
  en: {
    common: enCommon,
    home: enHome,
    about: enAbout,
    auth: enAuth,
    profile: enProfile,
    dashboard: enDashboard,
    errors: enErrors,
    classes: enClasses,
    chat: enChat,
    flashcards: enFlashcards,
    exercises: enExercises,
    practice: enPractice,
    assignments: enAssignments,
    sets: enSets,
    analytics: enAnalytics,
    metrics: enMetrics,
    charts: enCharts,
    today: enToday,
    diagrams: enDiagrams,
    whiteboard: enWhiteboard,
  },
} as const;
