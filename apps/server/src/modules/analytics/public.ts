/** What other modules and the composition root may use of the analytics module. */
export { classAnalytics, studentInClass } from './class-analytics.service.ts';
export { teacherToday, today } from './today.service.ts';
