import { Skeleton } from "@mantine/core";
import { lazy, Suspense } from "react";

export type ChartDatum = { label: string; value: number };
export type BarsProps = {
  data: ChartDatum[];
  /** The series' name (what a bar counts). */
  label: string;
  color?: string;
  height?: number;
  /** Bars laid sideways: long labels (course titles, names). */
  horizontal?: boolean;
};
export type DonutProps = { data: (ChartDatum & { color: string })[]; size?: number };

// recharts and Mantine's chart styles load with the first chart drawn, after the numbers.
const LazyBars = lazy(() => import("./Charts").then((m) => ({ default: m.Bars })));
const LazyDonut = lazy(() => import("./Charts").then((m) => ({ default: m.Donut })));

/** "Estudiantes por especialidad: Informática 40, Administración 30": the picture's text alternative. */
export const chartSummary = (title: string, data: ChartDatum[]) =>
  `${title}: ${data.map((d) => `${d.label} ${d.value}`).join(", ")}`;

/** A bar chart, drawn once its code arrives; `title` names it for screen readers with its numbers. */
export function BarsChart({ title, ...props }: BarsProps & { title: string }) {
  const height = props.height ?? 220;
  return (
    <div role="img" aria-label={chartSummary(title, props.data)} data-testid="chart">
      <Suspense fallback={<Skeleton h={height} />}>
        <LazyBars {...props} height={height} />
      </Suspense>
    </div>
  );
}

/** A donut chart (parts of a whole), with the same text alternative. */
export function DonutChartLazy({ title, ...props }: DonutProps & { title: string }) {
  const size = props.size ?? 160;
  return (
    <div role="img" aria-label={chartSummary(title, props.data)} data-testid="chart">
      <Suspense fallback={<Skeleton h={size} w={size} circle />}>
        <LazyDonut {...props} size={size} />
      </Suspense>
    </div>
  );
}
