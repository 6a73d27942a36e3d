import "@mantine/charts/styles.css";
import { BarChart, DonutChart } from "@mantine/charts";
import type { BarsProps, DonutProps } from "./index";

/**
 * The chart drawings (Mantine charts over recharts). Only `./index` imports this file, lazily: the numbers
 * of a dashboard paint first and recharts arrives after them, in its own chunk. The drawings are pictures
 * (`role="img"` with a summary in `./index`): recharts' keyboard layer is off, the numbers beside each
 * chart are the links.
 */
export function Bars({ data, label, color = "blue.6", height = 220, horizontal }: BarsProps) {
  return (
    <BarChart
      h={height}
      data={data.map((d) => ({ label: d.label, value: d.value }))}
      dataKey="label"
      orientation={horizontal ? "vertical" : "horizontal"}
      series={[{ name: "value", label, color }]}
      withTooltip={false}
      gridAxis={horizontal ? "y" : "x"}
      yAxisProps={horizontal ? { width: 150 } : { allowDecimals: false }}
      xAxisProps={horizontal ? { allowDecimals: false } : undefined}
      barChartProps={{ accessibilityLayer: false }}
    />
  );
}

export function Donut({ data, size = 160 }: DonutProps) {
  return (
    <DonutChart
      size={size}
      thickness={24}
      data={data.map((d) => ({ name: d.label, value: d.value, color: d.color }))}
      withTooltip={false}
      pieChartProps={{ accessibilityLayer: false }}
    />
  );
}
