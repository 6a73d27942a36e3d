export {
  addMonths,
  type CalendarEvent,
  eventsInMonth,
  eventsOnDay,
  isoDay,
  monthRange,
  monthStart,
} from "./events";
export { MonthCalendar, type MonthCalendarProps } from "./MonthCalendar";
