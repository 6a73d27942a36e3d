import { Skeleton } from "@mantine/core";
import { lazy, Suspense, useEffect, useRef, useState } from "react";

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

/**
 * Whether the element has come within 200 px of the screen (and stays so once it has). A chart's code costs
 * a phone a tenth of a second of script: a chart below the fold loads it only when someone scrolls to it.
 * Without IntersectionObserver (old browsers, the tests' DOM), at once.
 */
function useNearScreen() {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: "200px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}

/** "Estudiantes por especialidad: Informática 40, Administración 30": the picture's text alternative. */
export const chartSummary = (title: string, data: ChartDatum[]) =>
  `${title}: ${data.map((d) => `${d.label} ${d.value}`).join(", ")}`;

/**
 * A bar chart, drawn once near the screen and its code arrived; `title` names it for screen readers with its
 * numbers (read at once, drawn or not).
 */
export function BarsChart({ title, ...props }: BarsProps & { title: string }) {
  const height = props.height ?? 220;
  const { ref, near } = useNearScreen();
  const placeholder = <Skeleton h={height} />;
  return (
    <div ref={ref} role="img" aria-label={chartSummary(title, props.data)} data-testid="chart">
      {near ? (
        <Suspense fallback={placeholder}>
          <LazyBars {...props} height={height} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}

/** A donut chart (parts of a whole), with the same text alternative. */
export function DonutChartLazy({ title, ...props }: DonutProps & { title: string }) {
  const size = props.size ?? 160;
  const { ref, near } = useNearScreen();
  const placeholder = <Skeleton h={size} w={size} circle />;
  return (
    <div ref={ref} role="img" aria-label={chartSummary(title, props.data)} data-testid="chart">
      {near ? (
        <Suspense fallback={placeholder}>
          <LazyDonut {...props} size={size} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
