export { type GridClassHour, type GridItem, WeeklyGrid, type WeeklyGridProps } from "./WeeklyGrid";
